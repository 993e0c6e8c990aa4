// {{TOP}}: MEM_RA's per-warp stall counter, Eq. 1 predictor and TRWS
// priority, Xie et al. 2017 ("P1"), §4.1.1, §4.1.2.2, §4.1.2.3, Eq. 1,
// §4.2.3, Fig. 5 items 1-2, Fig. 8.
//
// Cycle contract: docs/memra.md (the C model csim/memra.c implements the
// same page; co-simulation compares every output bit every cycle). "rule n"
// below refers to its "Next state at the edge" list.
//
// Structure (one module, no submodules):
//   - per warp (generate g_warp): the decoded completion (done_warp_i ==
//     w), dn (done_valid_i, that warp, measuring, no new load), the MEASURE
//     increment sat(cnt + 1), the counter's and the phase's next state
//     (rules 1..4, reset folded in), want / prio;
//   - ONE predictor ALU (P1 §4.1.2.3: at most one completion a cycle): the
//     completing warp's counter selected (an AND-OR over the decoded warp
//     id), prev = sat(cnt + 1), Eq. 1 (generate on REF_SHIFT: SC = 0 at
//     prev <= THR_ACC, d = prev - THR_ACC at smp >= 2^REF_SHIFT, else
//     (smp[REF_SHIFT-1:0] * d) >> REF_SHIFT, one REF_SHIFT x CB
//     multiplier); SC is written into the warp with dn (rule 2), prev into
//     last_q;
//   - the sample period's counter pc_q (generate g_pc; none at
//     SAMPLE_PERIOD = 1) and smp_q (generate g_smp, loaded with the new
//     last_q at the period's end; none at SAMPLE_PERIOD = 1, where
//     sample_acc is last_q: smp_q would take the new last_q every cycle);
//   - events: popcounts of ld_i and grant_i, the predictor's use (one bit)
//     and the period's end, all zero in a reset cycle.
//   want_o, prio_o, cnt_o, meas_o and sample_o are functions of the state
//   only; ev_o depends on this cycle's inputs too. The only flip-flops are
//   the state bits of docs/memra.md "State" (the descriptor's storage
//   formula), PB = clog2(SAMPLE_PERIOD):
//     WARPS*(CNT_BITS + 1) + CNT_BITS + PB + (SAMPLE_PERIOD > 1 ? CNT_BITS : 0).
//
// Packing: element 0 in the least significant bits everywhere; warp w's
// counter is cnt_o[w*CNT_BITS +: CNT_BITS]; ev_o = {sample (1 bit), grant
// (NB bits), predict (1 bit), start (NB bits)} (LSB first, NB =
// clog2(WARPS + 1)).

`default_nettype none

module {{TOP}} #(
  parameter integer WARPS         = {{WARPS}},         // warp slots, one counter each
  parameter integer CNT_BITS      = {{CNT_BITS}},      // counter width: saturates at 2^CNT_BITS - 1
  parameter integer THR_ACC       = {{THR_ACC}},       // latency under a perfect memory system, cycles
  parameter integer REF_SHIFT     = {{REF_SHIFT}},     // ref_acc = 2^REF_SHIFT (the division is a shift)
  parameter integer SAMPLE_PERIOD = {{SAMPLE_PERIOD}}  // cycles between updates of sample_acc
) (
  input  wire                                                   clk_i,
  input  wire                                                   rst_i,
  // per warp: an off-chip load leaves the SM
  input  wire [WARPS-1:0]                                       ld_i,
  // one completion a cycle: the last piece of a warp's load returns, its warp
  input  wire                                                   done_valid_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           done_warp_i,
  // per warp: the rename stage gave it a TFET destination
  input  wire [WARPS-1:0]                                       grant_i,
  // per warp, from the state
  output wire [WARPS-1:0]                                       want_o,
  output wire [WARPS-1:0]                                       prio_o,
  output wire [WARPS*CNT_BITS-1:0]                              cnt_o,
  output wire [WARPS-1:0]                                       meas_o,
  // sample_acc
  output wire [CNT_BITS-1:0]                                    sample_o,
  // energy events: start, predict, grant, sample
  output wire [2*$clog2(WARPS+1)+1:0]                           ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/memra.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer WB  = (WARPS > 1) ? $clog2(WARPS) : 1;  // a warp id
  localparam integer CB  = CNT_BITS;
  localparam integer NB  = $clog2(WARPS + 1);       // a count of warps
  localparam integer PB  = $clog2(SAMPLE_PERIOD);   // the period counter (0: none)
  localparam integer EVW = 2 * NB + 2;

  localparam integer  MAXV   = (1 << CB) - 1;
  localparam [CB-1:0] MAX_CB = MAXV[CB-1:0];
  localparam [CB-1:0] ONE_CB = 1;
  localparam [CB-1:0] TWO_CB = 2;
  localparam [CB-1:0] THR_CB = THR_ACC[CB-1:0];
  localparam [NB-1:0] ONE_NB = 1;

  // -------------------------------------------------------------------------
  // State (docs/memra.md "State"; pc_q and smp_q are in their generate
  // blocks below); the _d vectors are the next state, reset included.
  // -------------------------------------------------------------------------
  reg  [WARPS*CB-1:0] cnt_q;         // MEASURE: cycles since the load left; BUDGET: the budget
  wire [WARPS*CB-1:0] cnt_d;
  reg  [WARPS-1:0]    meas_q;        // 1 MEASURE, 0 BUDGET
  wire [WARPS-1:0]    meas_d;
  reg  [CB-1:0]       last_q;        // latency of the SM's most recent completion
  wire [CB-1:0]       last_d;
  wire [CB-1:0]       smp;           // sample_acc: smp_q, or last_q at SAMPLE_PERIOD = 1
  wire                pend;          // pc_q == SAMPLE_PERIOD - 1: sample_acc is written

  wire [WARPS-1:0]    hit;           // done_warp_i == w (done_valid_i not included)
  wire [WARPS-1:0]    dn;            // a completion that counts (at most one bit)
  wire [CB-1:0]       sc;            // the predictor's result: Eq. 1 of the completing warp

  // -------------------------------------------------------------------------
  // Per warp: the decoded completion, dn, next state (rules 1..4), outputs
  // -------------------------------------------------------------------------
  genvar gw;
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_warp
      localparam [WB-1:0] WID = gw;
      wire [CB-1:0] cnt  = cnt_q[gw*CB +: CB];
      wire          meas = meas_q[gw];
      wire [CB-1:0] inc  = (cnt == MAX_CB) ? MAX_CB : (cnt + ONE_CB);  // rule 3, saturating

      assign hit[gw] = (done_warp_i == WID);
      assign dn[gw]  = done_valid_i & hit[gw] & meas & ~ld_i[gw];

      // Next state: the first rule that applies, then the reset
      reg [CB-1:0] cnt_n;
      reg          meas_n;
      always @* begin : warp_comb
        cnt_n  = cnt;
        meas_n = meas;
        if (ld_i[gw]) begin                 // rule 1: a new load discards the budget
          cnt_n  = {CB{1'b0}};
          meas_n = 1'b1;
        end else if (dn[gw]) begin          // rule 2: the predictor's budget
          cnt_n  = sc;
          meas_n = 1'b0;
        end else if (meas) begin            // rule 3: count, saturating
          cnt_n  = inc;
        end else if (grant_i[gw]) begin     // rule 4: a TFET destination costs 2
          cnt_n  = cnt - TWO_CB;
        end
        if (rst_i) begin
          cnt_n  = {CB{1'b0}};
          meas_n = 1'b0;
        end
      end

      assign cnt_d[gw*CB +: CB] = cnt_n;
      assign meas_d[gw]         = meas_n;

      // Outputs from the state (A9): want at budget > 1, priority at > 0
      assign want_o[gw] = ~meas & (|cnt[CB-1:1]);
      assign prio_o[gw] = ~meas & (|cnt);
    end
  endgenerate

  assign cnt_o    = cnt_q;
  assign meas_o   = meas_q;
  assign sample_o = smp;

  // -------------------------------------------------------------------------
  // The predictor ALU (one): the completing warp's counter, prev, Eq. 1
  // -------------------------------------------------------------------------
  reg [CB-1:0] cnt_sel;  // cnt_q[done_warp_i] (0 when done_warp_i >= WARPS)

  always @* begin : sel_comb
    integer w;
    cnt_sel = {CB{1'b0}};
    for (w = 0; w < WARPS; w = w + 1)
      cnt_sel = cnt_sel | (cnt_q[w*CB +: CB] & {CB{hit[w]}});
  end

  wire          any_dn = |dn;
  wire [CB-1:0] prev   = (cnt_sel == MAX_CB) ? MAX_CB : (cnt_sel + ONE_CB);  // sat(cnt + 1)

  // Eq. 1: SC = 0 when prev <= THR_ACC; d when smp >= 2^REF_SHIFT; else
  // (smp * d) >> REF_SHIFT (smp < 2^REF_SHIFT here, so the product has
  // REF_SHIFT + CB bits and its shifted value fits CB bits).
  wire [CB-1:0] d    = prev - THR_CB;
  /* verilator lint_off CMPCONST */
  wire          over = (prev > THR_CB);  // constant 0 at THR_ACC = 2^CB - 1
  /* verilator lint_on CMPCONST */
  wire [CB-1:0] scaled;

  generate
    if (REF_SHIFT == 0) begin : g_noshift
      // smp < 1: the product is 0
      assign scaled = (smp != {CB{1'b0}}) ? d : {CB{1'b0}};
    end else begin : g_shift
      wire                    big  = |smp[CB-1:REF_SHIFT];
      wire [REF_SHIFT+CB-1:0] prod = smp[REF_SHIFT-1:0] * d;
      /* verilator lint_off UNUSED */
      wire                    unused_prod = ^prod[REF_SHIFT-1:0];  // the shifted-out bits
      /* verilator lint_on UNUSED */
      assign scaled = big ? d : prod[REF_SHIFT +: CB];
    end
  endgenerate

  assign sc = over ? scaled : {CB{1'b0}};

  // last_q: prev of the warp with dn, else unchanged; reset folded in
  assign last_d = rst_i ? {CB{1'b0}} : (any_dn ? prev : last_q);

  // -------------------------------------------------------------------------
  // The sample period's counter (0..SAMPLE_PERIOD - 1) and sample_acc
  // -------------------------------------------------------------------------
  generate
    if (PB == 0) begin : g_no_pc
      // SAMPLE_PERIOD = 1: no counter, every cycle ends a period, and
      // sample_acc is the new last_q every cycle, i.e. last_q itself
      // (docs/memra.md "State"): no smp_q register
      assign pend = 1'b1;
      assign smp  = last_q;
    end else begin : g_pc
      localparam integer  SPM1    = SAMPLE_PERIOD - 1;
      localparam [PB-1:0] SPM1_PB = SPM1[PB-1:0];
      localparam [PB-1:0] ONE_PB  = 1;
      reg [PB-1:0] pc_q;   // the sample period's cycle counter
      reg [CB-1:0] smp_q;  // sample_acc
      assign pend = (pc_q == SPM1_PB);
      assign smp  = smp_q;
      always @(posedge clk_i) begin : pc_ff
        pc_q  <= (rst_i || pend) ? {PB{1'b0}} : (pc_q + ONE_PB);
        smp_q <= rst_i ? {CB{1'b0}} : (pend ? last_d : smp_q);
      end
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Events (docs/memra.md "Events"): counts, all zero in a reset cycle
  // -------------------------------------------------------------------------
  reg [NB-1:0] n_start, n_grant;

  always @* begin : ev_comb
    integer w;
    n_start = {NB{1'b0}};
    n_grant = {NB{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      if (ld_i[w])    n_start = n_start + ONE_NB;
      if (grant_i[w]) n_grant = n_grant + ONE_NB;
    end
  end

  wire [EVW-1:0] ev = {pend, n_grant, any_dn, n_start};

  assign ev_o = ev & {EVW{~rst_i}};

  // The other state registers (reset is folded into the _d logic above).
  always @(posedge clk_i) begin : state_ff
    cnt_q  <= cnt_d;
    meas_q <= meas_d;
    last_q <= last_d;
  end

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/memra.md "Protocol"; simulation only), checked
  // at every rising edge with rst_i = 0 on this cycle's inputs and the state
  // at the start of the cycle. The per-warp vectors are WARPS bits wide, so
  // w >= WARPS cannot be set there; done_warp_i can name one (with
  // done_valid_i: a completion at w >= WARPS) when WARPS is not a power of
  // two (the synthesized block ignores it: it matches no warp).
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  generate
    if ((1 << WB) > WARPS) begin : g_chk_warp
      localparam [WB-1:0] WARPS_WB = WARPS[WB-1:0];  // < 2^WB here
      always @(posedge clk_i) begin
        if (!rst_i && done_valid_i && (done_warp_i >= WARPS_WB)) begin
          $display("memra: protocol violation: done_warp_i=%0d >= WARPS=%0d with done_valid_i",
                   done_warp_i, WARPS);
          $finish;
        end
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (!rst_i) begin
      if (|(grant_i & ~want_o)) begin
        $display("memra: protocol violation: grant_i of a warp that does not want a TFET destination (grant_i=%h want=%h)",
                 grant_i, want_o);
        $finish;
      end
      if (|(grant_i & ld_i)) begin
        $display("memra: protocol violation: grant_i with ld_i of the same warp (grant_i=%h ld_i=%h)",
                 grant_i, ld_i);
        $finish;
      end
    end
  end
`endif

endmodule

`default_nettype wire
