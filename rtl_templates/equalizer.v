// {{TOP}}: Equalizer's per-SM block, Sethia, PhD thesis, University of
// Michigan, 2015, chapter III (Equalizer, MICRO'14): warp-state sampling,
// Algorithm 1 at each epoch's end, numBlocks (T) with hysteresis, CTA
// pausing and requests to the work distributor, the SM's frequency vote.
//
// Cycle contract: docs/equalizer.md (the C model csim/equalizer.c implements
// the same page; co-simulation compares every output bit every cycle).
//
// Structure (one module, no submodules):
//   - classification: per warp its paused bit (paused_q indexed by wslot_i,
//     every cycle: wpause_o), then the ordered, exclusive classes of "One
//     cycle" as WARPS-bit vectors; four popcounts over WARPS give this cycle's
//     counts, CW bits each, computed only in a sample cycle (0 otherwise: only
//     sample cycles read them), so that a simulator skips them in the others;
//   - sums = counters + counts (the bypass: the epoch's last sample lands in
//     the closing epoch); Algorithm 1 on the sums, every comparison on KW
//     bits (wide enough for W*S and 2*sum); NORM = SCALED shifts the
//     thresholds left by log2 S, NORM = SHIFT shifts the sums right;
//   - the CTA controller: U = popcount(valid & ~paused) against T; the
//     youngest unpaused / oldest paused slot from the age matrix (generate
//     g_age: only the MAX_CTAS*(MAX_CTAS-1) off-diagonal bits are stored);
//   - the edge: all _d logic in one block with rst_i and kstart_i folded in.
//   All outputs are combinational functions of the state and this cycle's
//   inputs; the only flip-flops are the bits of docs/equalizer.md "State"
//   (eq_storage_parts() in csim/equalizer_desc.c):
//     4*CW + YB + TB + (1 + HB) + 2*MAX_CTAS + MAX_CTAS*(MAX_CTAS-1) + 1 + 5,
//   the hysteresis bits (1 + HB) only when HYSTERESIS > 1 (generate g_hyst).
//
// Packing: bit w of a per-warp vector = warp w; wslot_i has warp w's slot at
// [w*SB +: SB]; bit s of a per-slot vector = slot s; ev_o = {cta_req,
// unpause, pause, tchange, vote, decide, sample} (LSB first).

`default_nettype none

module {{TOP}} #(
  parameter integer WARPS             = {{WARPS}},             // warps per SM
  parameter integer SAMPLE_PERIOD     = {{SAMPLE_PERIOD}},     // cycles between samples (power of two)
  parameter integer EPOCH             = {{EPOCH}},             // cycles per epoch (power of two)
  parameter integer MAX_CTAS          = {{MAX_CTAS}},          // CTA slots per SM
  parameter integer HYSTERESIS        = {{HYSTERESIS}},        // equal decisions before T changes
  parameter integer OBJECTIVE         = {{OBJECTIVE}},         // 0 ENERGY, 1 PERFORMANCE
  parameter integer NORM              = {{NORM}},              // 0 SCALED, 1 SHIFT
  parameter integer BARRIER_IS_ACTIVE = {{BARRIER_IS_ACTIVE}}, // 1: a barrier warp is active
  parameter integer XMEM_STRICT       = {{XMEM_STRICT}}        // 1: X_mem only while lsu_full_i
) (
  input  wire                                                   clk_i,
  input  wire                                                   rst_i,
  // kernel
  input  wire                                                   kstart_i,
  input  wire [$clog2(MAX_CTAS+1)-1:0]                          kmax_i,
  input  wire [$clog2(WARPS+1)-1:0]                             wcta_i,
  input  wire                                                   gwde_avail_i,
  // CTA slots
  input  wire                                                   cta_launch_i,
  input  wire [((MAX_CTAS > 1) ? $clog2(MAX_CTAS) : 1)-1:0]     cta_launch_slot_i,
  input  wire                                                   cta_done_i,
  input  wire [((MAX_CTAS > 1) ? $clog2(MAX_CTAS) : 1)-1:0]     cta_done_slot_i,
  // warps
  input  wire [WARPS*((MAX_CTAS > 1) ? $clog2(MAX_CTAS) : 1)-1:0] wslot_i,
  input  wire [WARPS-1:0]                                       hv_i,
  input  wire [WARPS-1:0]                                       hrdy_i,
  input  wire [WARPS-1:0]                                       hmem_i,
  input  wire [WARPS-1:0]                                       hbar_i,
  input  wire [WARPS-1:0]                                       iss_i,
  input  wire                                                   lsu_full_i,
  // outputs
  output wire [WARPS-1:0]                                       wpause_o,
  output wire [MAX_CTAS-1:0]                                    cta_valid_o,
  output wire [MAX_CTAS-1:0]                                    cta_paused_o,
  output wire                                                   cta_req_o,
  output wire [$clog2(MAX_CTAS+1)-1:0]                          nblocks_o,
  output wire                                                   sample_o,
  output wire                                                   dec_valid_o,
  output wire [1:0]                                             delta_o,
  output wire [1:0]                                             vote_o,
  output wire [2:0]                                             vf_o,
  // energy events: sample, decide, vote, tchange, pause, unpause, cta_req
  output wire [6:0]                                             ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/equalizer.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer C   = MAX_CTAS;
  localparam integer S   = EPOCH / SAMPLE_PERIOD;            // samples per epoch
  localparam integer LS  = $clog2(S);                        // log2 S
  localparam integer CW  = $clog2(WARPS * S + 1);            // statistics counter
  localparam integer YB  = $clog2(EPOCH);                    // epoch cycle counter
  localparam integer SB  = (C > 1) ? $clog2(C) : 1;          // slot number
  localparam integer TB  = $clog2(C + 1);                    // T, kmax_i
  localparam integer WB  = $clog2(WARPS + 1);                // wcta_i
  localparam integer HB  = (HYSTERESIS > 0) ? $clog2(HYSTERESIS + 1) : 1;  // hysteresis count
  // comparison width: holds W*S (< 2^(WB+LS)), 2*S and 2*sum (< 2^(CW+1))
  localparam integer KW  = ((CW > WB + LS) ? CW : (WB + LS)) + 2;
  localparam integer LSC = (NORM == 0) ? LS : 0;             // thresholds << (SCALED)
  localparam integer LSS = (NORM == 0) ? 0 : LS;             // sums >> (SHIFT)

  localparam integer  SPM_I = SAMPLE_PERIOD - 1;
  localparam integer  EPM_I = EPOCH - 1;
  localparam [YB-1:0] SPM   = SPM_I[YB-1:0];   // sample phase mask
  localparam [YB-1:0] EPM   = EPM_I[YB-1:0];   // last cycle of the epoch
  localparam [YB-1:0] ONE_YB = 1;
  localparam [CW-1:0] ONE_CW = 1;
  localparam [CW-1:0] ZERO_CW = 0;
  localparam [TB-1:0] ONE_TB = 1;
  localparam [TB-1:0] ZERO_TB = 0;
  localparam [TB:0]   ONE_TB1 = 1;
  localparam [HB-1:0] ONE_HB = 1;
  localparam [HB-1:0] HYST  = HYSTERESIS[HB-1:0];
  localparam [KW-1:0] TWO_KW = 2;
  localparam [C-1:0]  ALL_C = {C{1'b1}};

  localparam [1:0] D_ZERO = 2'd0, D_INC = 2'd1, D_DEC = 2'd3;   // delta_o
  localparam [1:0] V_NONE = 2'd0, V_COMP = 2'd1, V_MEM = 2'd2;  // vote_o

  // -------------------------------------------------------------------------
  // State (docs/equalizer.md "State"); older_q lives in g_age
  // -------------------------------------------------------------------------
  reg [CW-1:0]                                act_q, act_d;     // active sum so far
  reg [CW-1:0]                                wait_q, wait_d;   // waiting sum so far
  reg [CW-1:0]                                xalu_q, xalu_d;   // X_alu sum so far
  reg [CW-1:0]                                xmem_q, xmem_d;   // X_mem sum so far
  reg [YB-1:0]                                cyc_q, cyc_d;     // cycle within the epoch
  (* fsm_encoding = "none" *) reg [TB-1:0]    t_q;              // T (numBlocks)
  reg [TB-1:0]                                t_d;
  wire                                        hdir_q;           // pending direction: 0 +1, 1 -1 (g_hyst)
  reg                                         hdir_d;
  wire [HB-1:0]                               hcnt_q;           // equal non-zero decisions so far (g_hyst)
  reg [HB-1:0]                                hcnt_d;
  reg [C-1:0]                                 valid_q, valid_d; // slot holds a CTA
  reg [C-1:0]                                 paused_q, paused_d; // the slot's CTA is paused
  reg                                         rpend_q, rpend_d; // a CTA request is outstanding
  reg                                         dvalid_q, dvalid_d; // decision register: new
  (* fsm_encoding = "none" *) reg [1:0]       delta_q;          // decision register: delta
  reg [1:0]                                   delta_d;
  (* fsm_encoding = "none" *) reg [1:0]       vote_q;           // decision register: vote
  reg [1:0]                                   vote_d;

  // -------------------------------------------------------------------------
  // Phase and control
  // -------------------------------------------------------------------------
  wire quiet  = ~rst_i & ~kstart_i;
  wire sample = ((cyc_q & SPM) == SPM);
  wire eend   = (cyc_q == EPM);

  // -------------------------------------------------------------------------
  // Classification and the four per-sample popcounts
  // -------------------------------------------------------------------------
  // paused_w every cycle (wpause_o): the slot's paused bit, 0 for a slot number
  // >= MAX_CTAS (pext pads paused_q to 2^SB slots with zeros)
  localparam integer NSL = 1 << SB;
  wire [NSL-1:0]  pext;      // paused_q, one bit per slot number
  reg [WARPS-1:0] paused_w;  // the warp's CTA is paused

  generate
    if (NSL > C) begin : g_pext
      assign pext = { {(NSL-C){1'b0}}, paused_q };
    end else begin : g_pext1
      assign pext = paused_q;
    end
  endgenerate

  always @* begin : pause_comb
    integer w;
    for (w = 0; w < WARPS; w = w + 1) begin
      paused_w[w] = pext[wslot_i[w*SB +: SB]];
    end
  end

  // the ordered, exclusive classes as vectors (bit w = warp w); beyond
  // "active": barrier (active only), waiting, issued, X_mem, X_alu
  wire [WARPS-1:0] act_v  = ~paused_w & hv_i & (~hbar_i | {WARPS{BARRIER_IS_ACTIVE != 0}});
  wire [WARPS-1:0] rest_v = act_v & ~hbar_i;
  wire [WARPS-1:0] wait_v = rest_v & ~hrdy_i;
  wire [WARPS-1:0] xrdy_v = rest_v & hrdy_i & ~iss_i;
  wire [WARPS-1:0] xmem_v = xrdy_v & hmem_i & {WARPS{(XMEM_STRICT == 0) | lsu_full_i}};
  wire [WARPS-1:0] xalu_v = xrdy_v & ~hmem_i;

  // this cycle's counts, only in a sample cycle (0 otherwise): every reader of
  // them (the sums, Algorithm 1, the decision events) is used only when sample
  // is set (eend implies sample), so the popcounts are computed at sample points
  // alone and the simulator skips them in the other SAMPLE_PERIOD - 1 cycles
  reg [CW-1:0] n_act, n_wait, n_xalu, n_xmem;

  always @* begin : count_comb
    integer w;
    n_act  = ZERO_CW;
    n_wait = ZERO_CW;
    n_xalu = ZERO_CW;
    n_xmem = ZERO_CW;
    if (sample) begin
      for (w = 0; w < WARPS; w = w + 1) begin
        if (act_v[w]) begin
          n_act = n_act + ONE_CW;
        end
        if (wait_v[w]) begin
          n_wait = n_wait + ONE_CW;
        end
        if (xalu_v[w]) begin
          n_xalu = n_xalu + ONE_CW;
        end
        if (xmem_v[w]) begin
          n_xmem = n_xmem + ONE_CW;
        end
      end
    end
  end

  // sums with this cycle's counts (the bypass)
  wire [CW-1:0] sum_act  = act_q + n_act;
  wire [CW-1:0] sum_wait = wait_q + n_wait;
  wire [CW-1:0] sum_xalu = xalu_q + n_xalu;
  wire [CW-1:0] sum_xmem = xmem_q + n_xmem;

  // -------------------------------------------------------------------------
  // Algorithm 1 (on KW bits: no comparison can overflow)
  // -------------------------------------------------------------------------
  wire [KW-1:0] xm  = { {(KW-CW){1'b0}}, sum_xmem } >> LSS;
  wire [KW-1:0] xa  = { {(KW-CW){1'b0}}, sum_xalu } >> LSS;
  wire [KW-1:0] wt  = { {(KW-CW){1'b0}}, sum_wait } >> LSS;
  wire [KW-1:0] ac  = { {(KW-CW){1'b0}}, sum_act } >> LSS;
  wire [KW-1:0] thw = { {(KW-WB){1'b0}}, wcta_i } << LSC;  // W * Sc
  wire [KW-1:0] th2 = TWO_KW << LSC;                       // 2 * Sc
  wire [KW-1:0] wt2 = wt << 1;

  reg [1:0] dec_delta, dec_vote;  // the epoch's decision on the sums

  always @* begin : alg1_comb
    if (xm > thw) begin                 // lines 7-9: definitely memory intensive
      dec_delta = D_DEC;
      dec_vote  = V_MEM;
    end else if (xa >= thw) begin       // lines 10-11: definitely compute intensive
      dec_delta = D_ZERO;
      dec_vote  = V_COMP;
    end else if (xm > th2) begin        // lines 12-13: bandwidth saturated
      dec_delta = D_ZERO;
      dec_vote  = V_MEM;
    end else if (wt2 > ac) begin        // lines 14-18: unsaturated
      dec_delta = D_INC;
      dec_vote  = (xa > xm) ? V_COMP : V_MEM;
    end else if (ac == {KW{1'b0}}) begin  // lines 21-22: idle SM
      dec_delta = D_ZERO;
      dec_vote  = V_COMP;
    end else begin                      // degenerate
      dec_delta = D_ZERO;
      dec_vote  = V_NONE;
    end
  end

  // the registered decision: 0 / NONE when no kernel runs (kmax_i = 0), so the
  // strobe still comes but votes nothing (docs/equalizer.md, decision 10)
  wire       kernel_on = (kmax_i != ZERO_TB);
  wire [1:0] reg_delta = kernel_on ? dec_delta : D_ZERO;
  wire [1:0] reg_vote  = kernel_on ? dec_vote : V_NONE;

  // vote through OBJECTIVE: bit 0 valid, bit 1 memory domain, bit 2 raise
  function automatic [2:0] vf_map(input [1:0] v);
    case (v)
      V_COMP:  vf_map = (OBJECTIVE == 0) ? 3'b011 : 3'b101;
      V_MEM:   vf_map = (OBJECTIVE == 0) ? 3'b001 : 3'b111;
      default: vf_map = 3'b000;
    endcase
  endfunction

  // -------------------------------------------------------------------------
  // CTA controller
  // -------------------------------------------------------------------------
  wire [C-1:0] pset = valid_q & ~paused_q;  // P: running CTAs
  wire [C-1:0] qset = valid_q & paused_q;   // Q: paused CTAs
  wire [C-1:0] ysel;                        // the youngest CTA of P (one-hot)
  wire [C-1:0] osel;                        // the oldest CTA of Q (one-hot)
  reg  [TB-1:0] ucnt;                       // U = popcount(P)

  always @* begin : ucnt_comb
    integer s;
    ucnt = ZERO_TB;
    for (s = 0; s < C; s = s + 1) begin
      if (pset[s]) begin
        ucnt = ucnt + ONE_TB;
      end
    end
  end

  wire ctl       = quiet & ~cta_launch_i & ~cta_done_i;
  wire do_pause  = ctl & (ucnt > t_q);
  wire do_unp    = ctl & (ucnt < t_q) & (qset != {C{1'b0}});
  wire do_req    = ctl & (ucnt < t_q) & (qset == {C{1'b0}}) & gwde_avail_i & ~rpend_q &
                   (valid_q != ALL_C);

  generate
    genvar gi, gj;
    if (C > 1) begin : g_age
      // older[i][j], i != j, at [i*(C-1) + (j < i ? j : j-1)]
      reg  [C*(C-1)-1:0] older_q;
      wire [C*(C-1)-1:0] older_d;
      wire [C*C-1:0]     yterm;  // [i*C + j]: j does not exclude i from being the youngest of P
      wire [C*C-1:0]     oterm;  // [i*C + j]: j does not exclude i from being the oldest of Q
      wire               launch = ~kstart_i & cta_launch_i;  // a slot event of "The edge"
      for (gi = 0; gi < C; gi = gi + 1) begin : g_row
        for (gj = 0; gj < C; gj = gj + 1) begin : g_col
          if (gi == gj) begin : g_diag
            assign yterm[gi*C + gj] = 1'b1;
            assign oterm[gi*C + gj] = 1'b1;
          end else begin : g_off
            // older[gi][gj] and older[gj][gi]
            wire o_ij = older_q[gi*(C-1) + ((gj < gi) ? gj : gj - 1)];
            wire o_ji = older_q[gj*(C-1) + ((gi < gj) ? gi : gi - 1)];
            assign yterm[gi*C + gj] = ~pset[gj] | o_ji;
            assign oterm[gi*C + gj] = ~qset[gj] | o_ij;
            // a launch into gj: older[gi][gj] := valid_q[gi]; into gi: older[gi][gj] := 0
            assign older_d[gi*(C-1) + ((gj < gi) ? gj : gj - 1)] =
                rst_i ? 1'b0 :
                (launch & (cta_launch_slot_i == gj[SB-1:0])) ? valid_q[gi] :
                (launch & (cta_launch_slot_i == gi[SB-1:0])) ? 1'b0 : o_ij;
          end
        end
        assign ysel[gi] = pset[gi] & (&yterm[gi*C +: C]);
        assign osel[gi] = qset[gi] & (&oterm[gi*C +: C]);
      end
      always @(posedge clk_i) begin : age_ff
        older_q <= older_d;
      end
    end else begin : g_age1
      // one slot: it is its own youngest and oldest, no age bits
      assign ysel = pset;
      assign osel = qset;
    end
  endgenerate

  // -------------------------------------------------------------------------
  // The edge
  // -------------------------------------------------------------------------
  reg tchange;  // T changes at this edge (hysteresis or a kernel start; not in a reset cycle)

  always @* begin : next_comb
    integer s;
    reg [HB-1:0] hn;    // the new hysteresis count
    reg          hdn;   // the new direction
    reg [TB:0]   traw;  // T + delta, before the upper clamp
    act_d    = act_q;
    wait_d   = wait_q;
    xalu_d   = xalu_q;
    xmem_d   = xmem_q;
    cyc_d    = cyc_q + ONE_YB;
    t_d      = t_q;
    hdir_d   = hdir_q;
    hcnt_d   = hcnt_q;
    valid_d  = valid_q;
    paused_d = paused_q;
    rpend_d  = (rpend_q | do_req) & ~cta_launch_i & gwde_avail_i;
    dvalid_d = 1'b0;
    delta_d  = delta_q;
    vote_d   = vote_q;
    tchange  = 1'b0;
    hn       = hcnt_q;
    hdn      = hdir_q;
    traw     = { 1'b0, t_q };
    if (kstart_i) begin
      act_d   = ZERO_CW;
      wait_d  = ZERO_CW;
      xalu_d  = ZERO_CW;
      xmem_d  = ZERO_CW;
      cyc_d   = {YB{1'b0}};
      hcnt_d  = {HB{1'b0}};
      hdir_d  = 1'b0;
      rpend_d = 1'b0;
      delta_d = D_ZERO;
      vote_d  = V_NONE;
      t_d     = kmax_i;
      tchange = (kmax_i != t_q);
    end else begin
      if (sample & ~eend) begin
        act_d  = sum_act;
        wait_d = sum_wait;
        xalu_d = sum_xalu;
        xmem_d = sum_xmem;
      end
      if (eend) begin
        act_d    = ZERO_CW;
        wait_d   = ZERO_CW;
        xalu_d   = ZERO_CW;
        xmem_d   = ZERO_CW;
        delta_d  = reg_delta;
        vote_d   = reg_vote;
        dvalid_d = 1'b1;
        // hysteresis
        if (kmax_i == ZERO_TB) begin
          hcnt_d = {HB{1'b0}};
        end else if (dec_delta == D_ZERO) begin
          hcnt_d = {HB{1'b0}};
        end else begin
          if ((hcnt_q != {HB{1'b0}}) & (dec_delta[1] == hdir_q)) begin
            hn = hcnt_q + ONE_HB;
          end else begin
            hn  = ONE_HB;
            hdn = dec_delta[1];
          end
          hdir_d = hdn;
          hcnt_d = hn;
          if (hn == HYST) begin
            hcnt_d = {HB{1'b0}};
            if (dec_delta[1]) begin
              traw = ((t_q == ZERO_TB) | (t_q == ONE_TB)) ? ONE_TB1 : ({ 1'b0, t_q } - ONE_TB1);
            end else begin
              traw = { 1'b0, t_q } + ONE_TB1;
            end
            t_d = (traw > { 1'b0, kmax_i }) ? kmax_i : traw[TB-1:0];
            tchange = (t_d != t_q);
          end
        end
      end
      // slot events and the controller's action
      for (s = 0; s < C; s = s + 1) begin
        if (cta_done_i & (cta_done_slot_i == s[SB-1:0])) begin
          valid_d[s]  = 1'b0;
          paused_d[s] = 1'b0;
        end
        if (cta_launch_i & (cta_launch_slot_i == s[SB-1:0])) begin
          valid_d[s]  = 1'b1;
          paused_d[s] = 1'b0;
        end
      end
      if (do_pause) begin
        paused_d = paused_d | ysel;
      end else if (do_unp) begin
        paused_d = paused_d & ~osel;
      end
    end
    if (rst_i) begin
      act_d    = ZERO_CW;
      wait_d   = ZERO_CW;
      xalu_d   = ZERO_CW;
      xmem_d   = ZERO_CW;
      cyc_d    = {YB{1'b0}};
      t_d      = ZERO_TB;
      hdir_d   = 1'b0;
      hcnt_d   = {HB{1'b0}};
      valid_d  = {C{1'b0}};
      paused_d = {C{1'b0}};
      rpend_d  = 1'b0;
      dvalid_d = 1'b0;
      delta_d  = D_ZERO;
      vote_d   = V_NONE;
      tchange  = 1'b0;
    end
  end

  always @(posedge clk_i) begin : state_ff
    act_q    <= act_d;
    wait_q   <= wait_d;
    xalu_q   <= xalu_d;
    xmem_q   <= xmem_d;
    cyc_q    <= cyc_d;
    t_q      <= t_d;
    valid_q  <= valid_d;
    paused_q <= paused_d;
    rpend_q  <= rpend_d;
    dvalid_q <= dvalid_d;
    delta_q  <= delta_d;
    vote_q   <= vote_d;
  end

  // hysteresis direction and count: flip-flops only when HYSTERESIS > 1 (with
  // HYSTERESIS = 1 the count is always 0 and the direction is never read)
  generate
    if (HYSTERESIS > 1) begin : g_hyst
      (* fsm_encoding = "none" *) reg          hdir_r;
      (* fsm_encoding = "none" *) reg [HB-1:0] hcnt_r;
      always @(posedge clk_i) begin : hyst_ff
        hdir_r <= hdir_d;
        hcnt_r <= hcnt_d;
      end
      assign hdir_q = hdir_r;
      assign hcnt_q = hcnt_r;
    end else begin : g_hyst1
      /* verilator lint_off UNUSED */
      wire unused_hyst = ^{hdir_d, hcnt_d};
      /* verilator lint_on UNUSED */
      assign hdir_q = 1'b0;
      assign hcnt_q = {HB{1'b0}};
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Outputs
  // -------------------------------------------------------------------------
  wire ev_decide = quiet & eend;

  assign wpause_o     = paused_w;
  assign cta_valid_o  = valid_q;
  assign cta_paused_o = paused_q;
  assign cta_req_o    = do_req;
  assign nblocks_o    = t_q;
  assign sample_o     = sample;
  assign dec_valid_o  = dvalid_q;
  assign delta_o      = delta_q;
  assign vote_o       = vote_q;
  assign vf_o         = vf_map(vote_q);
  assign ev_o         = {do_req, do_unp, do_pause, tchange, ev_decide & (reg_vote != V_NONE), ev_decide,
                         quiet & sample};

endmodule

`default_nettype wire
