// {{TOP}}: sync-aware two-level power-gating controller for the register
// file, Jooya & Baniasadi, DATE 2013 ("P2"), §II-C, §III, §III-A, §IV.
//
// Cycle contract: docs/slg.md (the C model csim/slg.c implements the same
// page; co-simulation compares every output bit every cycle). "Release",
// "Requests", "Events" below refer to its "One cycle" part, "rule n" to its
// "Next state at the edge" list.
//
// Structure (one module, no submodules):
//   - per warp (generate g_warp): the decoded selection and exit (sel, ext),
//     wa (waiting or arriving, and not exiting), the requests wk / wd /
//     sleepy, first (S21_WAKE), the region's next state and timer (the
//     contract's table, then ENABLE, rule 2 launch, rule 1 exit and the
//     reset, each overriding), its outputs mode / st / ok and its event bits;
//   - release (generate on COUNT): WARPS: per CTA (generate g_cta) the
//     members one-hot and the counts n_wa, n_live compared; THREADS: the
//     per-shader thread sum against the block-size register (grel);
//   - event counters: popcounts of the per-warp event bits, the release
//     count over rel_c, all zero in a reset cycle;
//   - per CTA (generate on ENABLE and S21_WAKE): the FIRST_Y flag frst_q, set
//     by the CTA's release, cleared when one of its S21 regions starts a
//     wake (the release wins);
//   - next state of live / wait / cta / lst / thr / bsz / frst with the reset
//     folded in, one always block of flip-flops.
//   mode_o, st_o, ok_o, wait_o are functions of the state only; rel_o and
//   ev_o are combinational functions of the state at the start of the cycle
//   and of this cycle's inputs. The only flip-flops are the state bits of
//   docs/slg.md "State" (the descriptor's storage formula), cb = clog2(CTAS):
//     WARPS*(2 + cb) + (ENABLE = 1: WARPS*(3 + TB)) + (COUNT = THREADS: 2*HB + WARPS)
//     + (ENABLE = 1 and S21_WAKE = FIRST_Y: CTAS).
//   With CTAS = 1, cta_q (CB = 1 bit per warp) is constant 0; with ENABLE = 0
//   so are st_q and tm_q; with COUNT = WARPS so are thr_q, bsz_q and lst_q;
//   unless ENABLE = 1 and S21_WAKE = FIRST_Y so is frst_q: their next state
//   is forced to 0 and synthesis removes them.
//
// Packing: element 0 in the least significant bits everywhere; warp w's
// fields are mode_o[2w +: 2], st_o[3w +: 3], cta_q[w*CB +: CB],
// tm_q[w*TB +: TB]; ev_o = {slg2, slg1, stall, wake2, wake1, to_slg1, enter,
// release (RB bits), arrive} (LSB first, the others NB bits each).

`default_nettype none

module {{TOP}} #(
  parameter integer WARPS       = {{WARPS}},       // warp slots: one gating domain each
  parameter integer CTAS        = {{CTAS}},        // resident thread blocks (CTA slots)
  parameter integer X           = {{X}},           // SLG1 -> ACTIVE wake-up, cycles
  parameter integer Y           = {{Y}},           // SLG2 -> ACTIVE wake-up, cycles (Y > X)
  parameter integer COUNT       = {{COUNT}},       // 0 WARPS (per-CTA live warps), 1 THREADS (P2's thread counter)
  parameter integer ENABLE      = {{ENABLE}},      // 0: no region ever leaves ACTIVE
  parameter integer ENTER_DELAY = {{ENTER_DELAY}}, // cycles between the decision to enter SLG2 and SLG2
  parameter integer S21_WAKE    = {{S21_WAKE}}     // wake from S21: 0 REST (rest + X), 1 FIRST_Y (the CTA's first rest + X, later X)
) (
  input  wire                                                   clk_i,
  input  wire                                                   rst_i,
  // launch and exit
  input  wire [WARPS-1:0]                                       launch_i,
  input  wire [((CTAS > 1) ? $clog2(CTAS) : 1)-1:0]             launch_cta_i,
  input  wire [$clog2(32*WARPS+1)-1:0]                          launch_size_i,
  input  wire                                                   ext_valid_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           ext_warp_i,
  // barrier arrivals (bar.sync)
  input  wire [WARPS-1:0]                                       arr_i,
  // scheduler selection and register accesses
  input  wire                                                   sel_valid_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           sel_warp_i,
  input  wire [WARPS-1:0]                                       acc_i,
  input  wire [WARPS-1:0]                                       pend_i,
  // per warp, from the state
  output wire [2*WARPS-1:0]                                     mode_o,
  output wire [3*WARPS-1:0]                                     st_o,
  output wire [WARPS-1:0]                                       ok_o,
  output wire [WARPS-1:0]                                       wait_o,
  // per CTA: the barrier releases at this edge
  output wire [CTAS-1:0]                                        rel_o,
  // energy events
  output wire [8*$clog2(WARPS+1)+$clog2(CTAS+1)-1:0]            ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/slg.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer WB   = (WARPS > 1) ? $clog2(WARPS) : 1;   // warp id
  localparam integer CB   = (CTAS > 1) ? $clog2(CTAS) : 1;     // CTA id
  localparam integer NB   = $clog2(WARPS + 1);                 // a count of warps
  localparam integer RB   = $clog2(CTAS + 1);                  // a count of CTAs
  localparam integer TMAX = (Y - 1 > ENTER_DELAY) ? (Y - 1) : ENTER_DELAY;
  localparam integer TB   = (TMAX > 0) ? $clog2(TMAX + 1) : 1; // the per-warp timer
  localparam integer HB   = $clog2(32 * WARPS + 1);            // a count of threads
  localparam integer EVW  = 8 * NB + RB;

  // Region states (st_q fields) and leakage modes (mode_o fields)
  localparam [2:0] ACT = 3'd0;
  localparam [2:0] ENT = 3'd1;
  localparam [2:0] S2  = 3'd2;
  localparam [2:0] S21 = 3'd3;
  localparam [2:0] S1  = 3'd4;
  localparam [2:0] WK1 = 3'd5;
  localparam [2:0] WK2 = 3'd6;

  localparam [1:0] M_ACTIVE = 2'd0;
  localparam [1:0] M_SLG1   = 2'd1;
  localparam [1:0] M_SLG2   = 2'd2;

  // Timer constants
  localparam integer  YM1   = Y - 1;
  localparam integer  YMX   = Y - X;
  localparam integer  XM1   = X - 1;
  localparam [TB-1:0] ZERO_TB  = {TB{1'b0}};
  localparam [TB-1:0] ONE_TB   = 1;
  localparam [TB-1:0] ED_TB    = ENTER_DELAY[TB-1:0];  // ENT, from ACT
  localparam [TB-1:0] YM1_TB   = YM1[TB-1:0];          // WK2, from S2
  localparam [TB-1:0] YMX_TB   = YMX[TB-1:0];          // S21, from S2
  localparam [TB-1:0] XM1_TB   = XM1[TB-1:0];          // WK1 from S1; WK2 from S21: t + X - 1

  localparam [NB-1:0] ONE_NB = 1;
  localparam [RB-1:0] ONE_RB = 1;

  // Protocol limits, one bit wider than the inputs they bound
  localparam integer  MAXSZ    = 32 * WARPS;
  localparam [CB:0]   CTAS_LIM  = CTAS[CB:0];
  localparam [WB:0]   WARPS_LIM = WARPS[WB:0];
  localparam [HB:0]   SIZE_LIM  = MAXSZ[HB:0];

  // -------------------------------------------------------------------------
  // State (docs/slg.md "State"); the _d vectors are the next state, reset
  // included.
  // -------------------------------------------------------------------------
  reg  [WARPS-1:0]    live_q, live_d;  // launched and not exited
  reg  [WARPS-1:0]    wait_q, wait_d;  // waiting at its CTA's barrier
  reg  [WARPS*CB-1:0] cta_q, cta_d;    // its CTA slot (constant 0 when CTAS = 1)
  reg  [3*WARPS-1:0]  st_q;            // its region's state (constant ACT when ENABLE = 0)
  reg  [WARPS*TB-1:0] tm_q;            // its region's timer (constant 0 when ENABLE = 0)
  wire [3*WARPS-1:0]  st_d;
  wire [WARPS*TB-1:0] tm_d;
  reg  [HB-1:0]       thr_q;           // COUNT = THREADS: threads waiting at a barrier
  reg  [HB-1:0]       bsz_q;           // COUNT = THREADS: the block-size register
  wire [HB-1:0]       thr_d, bsz_d;
  reg  [WARPS-1:0]    lst_q, lst_d;    // COUNT = THREADS: last (highest) warp of its CTA
  reg  [CTAS-1:0]     frst_q;          // ENABLE = 1, S21_WAKE = FIRST_Y: released, no S21 wake started since
  wire [CTAS-1:0]     frst_d;

  // -------------------------------------------------------------------------
  // Per-warp conditions shared with the release logic
  // -------------------------------------------------------------------------
  wire [WARPS-1:0] sel;     // selected this cycle
  wire [WARPS-1:0] ext;     // exits this cycle (a live warp only)
  wire [WARPS-1:0] wa;      // waiting, or arriving now, and not exiting
  wire [WARPS-1:0] relw;    // wa and released at this edge
  wire [CTAS-1:0]  rel_c;   // per CTA: released at this edge
  wire [WARPS-1:0] wk21;    // in S21 with wk, not sleepy, not exiting: a wake from S21 starts by rule 3 (clears frst_q)

  // a waiting warp that exits neither waits nor is waited for
  assign wa = live_q & ~ext & (wait_q | arr_i);

  // Per-warp event bits (Events 2..8; 0 is arr_i & live_q)
  wire [WARPS-1:0] e_enter, e_to1, e_wake1, e_wake2, e_stall, e_slg1, e_slg2;

  // -------------------------------------------------------------------------
  // Release (docs/slg.md "Release")
  // -------------------------------------------------------------------------
  generate
    if (COUNT == 0) begin : g_cnt_warps
      // Per CTA c: n_wa(c) = |{w : cta w = c, wa[w]}|, n_live(c) =
      // |{w : cta w = c, live_q[w], !ext[w]}|; rel_c[c] = n_wa > 0 and the two
      // counts equal (a warp that exits is in neither).
      genvar c;
      for (c = 0; c < CTAS; c = c + 1) begin : g_cta
        localparam integer  CI  = c;
        localparam [CB-1:0] CID = CI[CB-1:0];
        reg [NB-1:0] n_wa, n_live;

        always @* begin : count_comb
          integer w;
          reg     memb;  // warp w is in CTA c
          n_wa   = {NB{1'b0}};
          n_live = {NB{1'b0}};
          for (w = 0; w < WARPS; w = w + 1) begin
            memb = (CTAS == 1) || (cta_q[w*CB +: CB] == CID);
            if (memb && wa[w]) n_wa = n_wa + ONE_NB;
            if (memb && live_q[w] && !ext[w]) n_live = n_live + ONE_NB;
          end
        end

        assign rel_c[c] = (n_wa != {NB{1'b0}}) && (n_wa == n_live);
      end

      // a warp is released with its CTA
      reg [WARPS-1:0] relw_v;
      always @* begin : relw_comb
        integer w, k;
        for (w = 0; w < WARPS; w = w + 1) begin
          relw_v[w] = 1'b0;
          for (k = 0; k < CTAS; k = k + 1) begin
            if ((CTAS == 1) || (cta_q[w*CB +: CB] == k[CB-1:0])) relw_v[w] = relw_v[w] | rel_c[k];
          end
          relw_v[w] = relw_v[w] & wa[w];
        end
      end
      assign relw = relw_v;

      // the thread counter does not exist (constant 0, removed by synthesis)
      assign thr_d = {HB{1'b0}};
      assign bsz_d = {HB{1'b0}};
      /* verilator lint_off UNUSED */
      wire unused_thr = ^{thr_q, bsz_q};
      /* verilator lint_on UNUSED */
    end else begin : g_cnt_threads
      // thr(w) = (bsz_q - 1) mod 32 + 1 for the last warp of its CTA, else 32;
      // sum = thr_q + sum of thr(w) over the arriving live warps (HB + 1 bits,
      // no wrap); grel = sum == bsz_q and sum > 0: every wa warp is released.
      reg [HB:0]  sum;
      reg         grel;
      reg [5:0]   thr_part;  // threads of a CTA's last warp, 1..32

      always @* begin : sum_comb
        integer w;
        reg [4:0] bm1;  // (bsz_q - 1) mod 32
        bm1      = bsz_q[4:0] - 5'd1;
        thr_part = {1'b0, bm1} + 6'd1;
        sum      = {1'b0, thr_q};
        for (w = 0; w < WARPS; w = w + 1) begin
          if (arr_i[w] && live_q[w]) begin
            sum = sum + { {(HB-5){1'b0}}, (lst_q[w] ? thr_part : 6'd32) };
          end
        end
        grel = (sum == {1'b0, bsz_q}) && (sum != {(HB+1){1'b0}});
      end

      assign relw = wa & {WARPS{grel}};

      // rel_c[c]: some warp of CTA c is released
      reg [CTAS-1:0] rel_v;
      always @* begin : relc_comb
        integer w, k;
        for (k = 0; k < CTAS; k = k + 1) begin
          rel_v[k] = 1'b0;
          for (w = 0; w < WARPS; w = w + 1) begin
            if ((CTAS == 1) || (cta_q[w*CB +: CB] == k[CB-1:0])) rel_v[k] = rel_v[k] | relw[w];
          end
        end
      end
      assign rel_c = rel_v;

      // after the per-warp rules: the counter (exits do not change it) and
      // the block-size register, loaded at every launch
      assign thr_d = (rst_i || grel) ? {HB{1'b0}} : sum[HB-1:0];
      assign bsz_d = rst_i ? {HB{1'b0}} : ((|launch_i) ? launch_size_i : bsz_q);
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Per warp: requests, the region's next state, outputs, event bits
  // -------------------------------------------------------------------------
  genvar gw;
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_warp
      localparam integer  WI  = gw;
      localparam [WB-1:0] WID = WI[WB-1:0];

      wire [2:0]    st = st_q[3*gw +: 3];
      wire [TB-1:0] tm = tm_q[gw*TB +: TB];

      assign sel[gw] = sel_valid_i && (sel_warp_i == WID);
      assign ext[gw] = ext_valid_i && (ext_warp_i == WID) && live_q[gw];

      // Requests
      wire wk     = sel[gw] | acc_i[gw];           // a wake request
      wire wd     = wa[gw] & ~relw[gw];            // waits after the edge
      wire sleepy = (ENABLE != 0) & wd & ~pend_i[gw] & ~wk;

      // first[w]: REST, or the flag of the warp's CTA (FIRST_Y: no region of
      // the CTA has started a wake from S21 since its release)
      reg frst_hit;
      always @* begin : first_comb
        integer k;
        frst_hit = 1'b0;
        for (k = 0; k < CTAS; k = k + 1) begin
          if ((CTAS == 1) || (cta_q[gw*CB +: CB] == k[CB-1:0])) frst_hit = frst_hit | frst_q[k];
        end
      end
      wire first = (S21_WAKE == 0) | frst_hit;

      // Outputs from the state
      reg [1:0] mode;
      reg       ok;
      always @* begin : out_comb
        case (st)
          ACT, ENT:      begin mode = M_ACTIVE; ok = 1'b1; end
          S1, WK1:       begin mode = M_SLG1;   ok = 1'b0; end
          S2, S21, WK2:  begin mode = M_SLG2;   ok = 1'b0; end
          default:       begin mode = M_ACTIVE; ok = 1'b0; end
        endcase
      end

      // Next state (rule 3's table; ENABLE = 0; rule 2; rule 1; reset)
      reg [2:0]    st_n;
      reg [TB-1:0] tm_n;
      always @* begin : region_comb
        st_n = ACT;
        tm_n = ZERO_TB;
        case (st)
          ACT: begin
            if (sleepy) begin
              if (ENTER_DELAY == 0) begin
                st_n = S2;
              end else begin
                st_n = ENT;
                tm_n = ED_TB;
              end
            end
          end
          ENT: begin
            // a wake request, or no longer sleepy: the entry is aborted (ACT)
            if (sleepy) begin
              if (tm == ONE_TB) begin
                st_n = S2;
              end else begin
                st_n = ENT;
                tm_n = tm - ONE_TB;
              end
            end
          end
          S2: begin
            if (sleepy) begin
              st_n = S2;
            end else if (wk) begin
              st_n = WK2;
              tm_n = YM1_TB;
            end else if (relw[gw]) begin
              st_n = S21;
              tm_n = YMX_TB;
            end else begin
              st_n = S2;
            end
          end
          S21: begin
            if (sleepy) begin
              st_n = S2;
            end else if (wk && first) begin
              st_n = WK2;
              tm_n = tm + XM1_TB;
            end else if (wk) begin
              // FIRST_Y, a later warp: as S1 under wk
              if (X == 1) begin
                st_n = ACT;
              end else begin
                st_n = WK1;
                tm_n = XM1_TB;
              end
            end else if (tm == ONE_TB) begin
              st_n = S1;
            end else begin
              st_n = S21;
              tm_n = tm - ONE_TB;
            end
          end
          S1: begin
            if (sleepy) begin
              st_n = S2;
            end else if (wk) begin
              if (X == 1) begin
                st_n = ACT;
              end else begin
                st_n = WK1;
                tm_n = XM1_TB;
              end
            end else begin
              st_n = S1;
            end
          end
          WK1, WK2: begin
            // a wake in progress is not restarted; a re-arrival cancels it
            if (sleepy) begin
              st_n = S2;
            end else if (tm == ONE_TB) begin
              st_n = ACT;
            end else begin
              st_n = st;
              tm_n = tm - ONE_TB;
            end
          end
          default: begin
            st_n = ACT;
          end
        endcase
        if ((ENABLE == 0) || ext[gw] || launch_i[gw] || rst_i) begin
          st_n = ACT;
          tm_n = ZERO_TB;
        end
      end

      assign st_d[3*gw +: 3]   = st_n;
      assign tm_d[gw*TB +: TB] = tm_n;

      assign mode_o[2*gw +: 2] = mode;
      assign st_o[3*gw +: 3]   = st;
      assign ok_o[gw]          = ok;
      assign wk21[gw]          = (st == S21) & wk & ~sleepy & ~ext[gw]; // a wake that starts (rule 3)

      // Event bits ("next state" is the region's state after the edge)
      assign e_enter[gw] = (st_n == S2) && (st != S2);
      assign e_to1[gw]   = (st == S21) && (st_n == S1);
      // wake1 by rule 3 only: an exit (next state ACT) is not a wake (a launch
      // cannot meet a live warp in S1 or S21: protocol); from S21 only a
      // later warp's wake under FIRST_Y
      assign e_wake1[gw] = ((st == S1) || (st == S21)) && ((st_n == WK1) || (st_n == ACT)) && !ext[gw];
      assign e_wake2[gw] = ((st == S2) || (st == S21)) && (st_n == WK2);
      assign e_stall[gw] = acc_i[gw] & ~ok;
      assign e_slg1[gw]  = (mode == M_SLG1);
      assign e_slg2[gw]  = (mode == M_SLG2);
    end
  endgenerate

  // -------------------------------------------------------------------------
  // FIRST_Y flag per CTA (docs/slg.md, after the table): set when rel_c[c];
  // else cleared when a warp of CTA c in S21 has wk, not sleepy and not ext
  // (its wake starts by rule 3); else kept. Exists only with ENABLE = 1 and
  // S21_WAKE = FIRST_Y (else constant 0, removed by synthesis).
  // -------------------------------------------------------------------------
  generate
    if ((ENABLE != 0) && (S21_WAKE == 1)) begin : g_frst
      reg [CTAS-1:0] frst_v;
      always @* begin : frst_comb
        integer w, k;
        reg     clr;  // a wake from S21 starts in CTA k
        for (k = 0; k < CTAS; k = k + 1) begin
          clr = 1'b0;
          for (w = 0; w < WARPS; w = w + 1) begin
            if ((CTAS == 1) || (cta_q[w*CB +: CB] == k[CB-1:0])) clr = clr | wk21[w];
          end
          if (rst_i)         frst_v[k] = 1'b0;
          else if (rel_c[k]) frst_v[k] = 1'b1;
          else if (clr)      frst_v[k] = 1'b0;
          else               frst_v[k] = frst_q[k];
        end
      end
      assign frst_d = frst_v;
    end else begin : g_no_frst
      assign frst_d = {CTAS{1'b0}};
      /* verilator lint_off UNUSED */
      wire unused_frst = ^wk21;
      /* verilator lint_on UNUSED */
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Events (docs/slg.md "Events"): counts, all zero in a reset cycle
  // -------------------------------------------------------------------------
  reg [NB-1:0] n_arrive, n_enter, n_to1, n_wake1, n_wake2, n_stall, n_slg1, n_slg2;
  reg [RB-1:0] n_release;

  always @* begin : ev_comb
    integer w, k;
    n_arrive  = {NB{1'b0}};
    n_enter   = {NB{1'b0}};
    n_to1     = {NB{1'b0}};
    n_wake1   = {NB{1'b0}};
    n_wake2   = {NB{1'b0}};
    n_stall   = {NB{1'b0}};
    n_slg1    = {NB{1'b0}};
    n_slg2    = {NB{1'b0}};
    n_release = {RB{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      if (arr_i[w] && live_q[w]) n_arrive = n_arrive + ONE_NB;
      if (e_enter[w]) n_enter = n_enter + ONE_NB;
      if (e_to1[w])   n_to1   = n_to1 + ONE_NB;
      if (e_wake1[w]) n_wake1 = n_wake1 + ONE_NB;
      if (e_wake2[w]) n_wake2 = n_wake2 + ONE_NB;
      if (e_stall[w]) n_stall = n_stall + ONE_NB;
      if (e_slg1[w])  n_slg1  = n_slg1 + ONE_NB;
      if (e_slg2[w])  n_slg2  = n_slg2 + ONE_NB;
    end
    for (k = 0; k < CTAS; k = k + 1) begin
      if (rel_c[k]) n_release = n_release + ONE_RB;
    end
  end

  wire [EVW-1:0] ev = {n_slg2, n_slg1, n_stall, n_wake2, n_wake1, n_to1, n_enter, n_release, n_arrive};

  assign ev_o   = ev & {EVW{~rst_i}};
  assign rel_o  = rel_c;
  assign wait_o = wait_q;

  // -------------------------------------------------------------------------
  // Next state of live / wait / cta / lst (rules 1..3), reset folded in
  // -------------------------------------------------------------------------
  always @* begin : next_comb
    integer w;
    reg     seen;  // a higher launched warp exists
    seen = 1'b0;
    for (w = WARPS - 1; w >= 0; w = w - 1) begin
      live_d[w] = live_q[w];
      cta_d[w*CB +: CB] = cta_q[w*CB +: CB];
      lst_d[w]  = lst_q[w];
      // rule 3: wait_q = wd (wa and not released)
      wait_d[w] = wa[w] & ~relw[w];
      if (ext[w]) begin                  // rule 1
        live_d[w] = 1'b0;
        wait_d[w] = 1'b0;
      end else if (launch_i[w]) begin    // rule 2
        live_d[w] = 1'b1;
        wait_d[w] = 1'b0;
        cta_d[w*CB +: CB] = launch_cta_i;
        lst_d[w]  = ~seen;
      end
      seen = seen | launch_i[w];
      if (CTAS == 1) cta_d[w*CB +: CB] = {CB{1'b0}};
      if (COUNT == 0) lst_d[w] = 1'b0;
      if (rst_i) begin
        live_d[w] = 1'b0;
        wait_d[w] = 1'b0;
        cta_d[w*CB +: CB] = {CB{1'b0}};
        lst_d[w]  = 1'b0;
      end
    end
  end

  // All state registers (reset is folded into the _d logic above).
  always @(posedge clk_i) begin : state_ff
    live_q <= live_d;
    wait_q <= wait_d;
    cta_q  <= cta_d;
    st_q   <= st_d;
    tm_q   <= tm_d;
    thr_q  <= thr_d;
    bsz_q  <= bsz_d;
    lst_q  <= lst_d;
    frst_q <= frst_d;
  end

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/slg.md "Protocol"; simulation only), checked at
  // every rising edge with rst_i = 0 on this cycle's inputs and the state at
  // the start of the cycle. The per-warp vectors are WARPS bits wide, so
  // w >= WARPS cannot be set.
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  reg cta_busy;  // a live warp is in CTA launch_cta_i
  always @* begin : check_comb
    integer w;
    cta_busy = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (live_q[w] && ((CTAS == 1) || (cta_q[w*CB +: CB] == launch_cta_i))) cta_busy = 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_i) begin
      if (|(launch_i & (live_q | ext))) begin
        $display("slg: protocol violation: launch of a live or exiting warp (launch_i=%h live=%h)",
                 launch_i, live_q);
        $finish;
      end
      /* verilator lint_off CMPCONST */
      if ((|launch_i) && ({1'b0, launch_cta_i} >= CTAS_LIM)) begin
      /* verilator lint_on CMPCONST */
        $display("slg: protocol violation: launch_cta_i=%0d not below CTAS=%0d", launch_cta_i, CTAS);
        $finish;
      end
      if ((|launch_i) && cta_busy) begin
        $display("slg: protocol violation: launch into CTA %0d while a live warp is in it", launch_cta_i);
        $finish;
      end
      if ((COUNT != 0) && (|launch_i) &&
          ((launch_size_i == {HB{1'b0}}) || ({1'b0, launch_size_i} > SIZE_LIM))) begin
        $display("slg: protocol violation: launch_size_i=%0d outside 1..%0d", launch_size_i, 32 * WARPS);
        $finish;
      end
      if (|(arr_i & (~live_q | wait_q | ext))) begin
        $display("slg: protocol violation: arr_i of a warp not live, already waiting or exiting (arr_i=%h live=%h wait=%h)",
                 arr_i, live_q, wait_q);
        $finish;
      end
      /* verilator lint_off CMPCONST */
      if (sel_valid_i && ({1'b0, sel_warp_i} >= WARPS_LIM)) begin
        $display("slg: protocol violation: sel_warp_i=%0d not below WARPS=%0d", sel_warp_i, WARPS);
        $finish;
      end
      if (ext_valid_i && ({1'b0, ext_warp_i} >= WARPS_LIM)) begin
        $display("slg: protocol violation: ext_warp_i=%0d not below WARPS=%0d", ext_warp_i, WARPS);
        $finish;
      end
      /* verilator lint_on CMPCONST */
      if (|((acc_i | pend_i) & ~live_q)) begin
        $display("slg: protocol violation: acc_i or pend_i of a warp that is not live (acc_i=%h pend_i=%h live=%h)",
                 acc_i, pend_i, live_q);
        $finish;
      end
    end
  end
`endif

endmodule

`default_nettype wire
