// {{TOP}}: MEM_RA's per-warp stall counter, Eq. 1 predictor and TRWS
// priority, Xie et al. 2017 ("P1"), §4.1.1, §4.1.2.2, §4.1.2.3, Eq. 1,
// §4.2.3, Fig. 5 items 1-2, Fig. 8.
//
// Cycle contract: docs/memra.md (the C model csim/memra.c implements the
// same page; co-simulation compares every output bit every cycle). "rule n"
// below refers to its "Next state at the edge" list.
//
// Structure (one module, no submodules):
//   - per warp (generate g_warp): prev = sat(cnt + 1) (the load's latency,
//     also the MEASURE increment), dn (a completion while measuring and
//     without a new load), the Eq. 1 predictor (generate on REF_SHIFT: SC =
//     0 at prev <= THR_ACC, d = prev - THR_ACC at smp_q >= 2^REF_SHIFT, else
//     (smp_q[REF_SHIFT-1:0] * d) >> REF_SHIFT, a REF_SHIFT x CB multiplier
//     per warp: several warps may complete in one cycle), the counter's and
//     the phase's next state (rules 1..4, reset folded in), want / prio;
//   - last: prev of the lowest warp with dn (a priority AND-OR), else
//     last_q;
//   - the sample period's counter (generate on PB: none at SAMPLE_PERIOD =
//     1) and smp_q, loaded with the new last_q at the period's end;
//   - events: popcounts of ld_i, dn and grant_i, and the period's end, all
//     zero in a reset cycle;
//   - one always block of flip-flops.
//   want_o, prio_o, cnt_o, meas_o and sample_o are functions of the state
//   only; ev_o depends on this cycle's inputs too. The only flip-flops are
//   the state bits of docs/memra.md "State" (the descriptor's storage
//   formula), PB = clog2(SAMPLE_PERIOD):
//     WARPS*(CNT_BITS + 1) + 2*CNT_BITS + PB.
//   At SAMPLE_PERIOD = 1 smp_q takes the new last_q every cycle, so the two
//   registers always hold the same value. The formula counts both; written
//   with the same next-state logic, Yosys would merge them into one. So at
//   SAMPLE_PERIOD = 1, when no warp completes, last_q takes smp_q and smp_q
//   takes last_q (equal values: the same next state, but no register holds
//   itself and the two next-state functions differ as netlists).
//
// Packing: element 0 in the least significant bits everywhere; warp w's
// counter is cnt_o[w*CNT_BITS +: CNT_BITS]; ev_o = {sample (1 bit), grant,
// predict, start} (LSB first, the three counts NB = clog2(WARPS + 1) bits
// each).

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
  // per warp: an off-chip load leaves the SM / its last piece returns
  input  wire [WARPS-1:0]                                       ld_i,
  input  wire [WARPS-1:0]                                       done_i,
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
  output wire [3*$clog2(WARPS+1):0]                             ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/memra.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer CB  = CNT_BITS;
  localparam integer NB  = $clog2(WARPS + 1);       // a count of warps
  localparam integer PB  = $clog2(SAMPLE_PERIOD);   // the period counter (0: none)
  localparam integer PBW = (PB > 0) ? PB : 1;       // its declared width
  localparam integer EVW = 3 * NB + 1;

  localparam integer  MAXV   = (1 << CB) - 1;
  localparam integer  SPM1   = SAMPLE_PERIOD - 1;
  localparam [CB-1:0] MAX_CB = MAXV[CB-1:0];
  localparam [CB-1:0] ONE_CB = 1;
  localparam [CB-1:0] TWO_CB = 2;
  localparam [CB-1:0] THR_CB = THR_ACC[CB-1:0];
  localparam [NB-1:0] ONE_NB = 1;

  // -------------------------------------------------------------------------
  // State (docs/memra.md "State"); the _d vectors are the next state, reset
  // included.
  // -------------------------------------------------------------------------
  reg  [WARPS*CB-1:0] cnt_q;         // MEASURE: cycles since the load left; BUDGET: the budget
  wire [WARPS*CB-1:0] cnt_d;
  reg  [WARPS-1:0]    meas_q;        // 1 MEASURE, 0 BUDGET
  wire [WARPS-1:0]    meas_d;
  reg  [CB-1:0]       last_q, last_d;  // latency of the SM's most recent completion
  reg  [CB-1:0]       smp_q, smp_d;    // sample_acc
  reg  [PBW-1:0]      pc_q;            // the sample period's cycle counter (PB > 0)
  wire [PBW-1:0]      pc_d;
  wire                pend;            // pc_q == SAMPLE_PERIOD - 1: smp_q is written

  // Per-warp values shared with the last_q selection and the events
  wire [WARPS*CB-1:0] prev;          // sat(cnt_q + 1)
  wire [WARPS-1:0]    dn;            // a completion that counts

  // -------------------------------------------------------------------------
  // Per warp: prev, dn, Eq. 1, next state (rules 1..4), outputs
  // -------------------------------------------------------------------------
  genvar gw;
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_warp
      wire [CB-1:0] cnt = cnt_q[gw*CB +: CB];
      wire          meas = meas_q[gw];
      wire [CB-1:0] pv  = (cnt == MAX_CB) ? MAX_CB : (cnt + ONE_CB);

      assign prev[gw*CB +: CB] = pv;
      assign dn[gw] = done_i[gw] & meas & ~ld_i[gw];

      // Eq. 1: SC = 0 when prev <= THR_ACC; d when smp_q >= 2^REF_SHIFT;
      // else (smp_q * d) >> REF_SHIFT (smp_q < 2^REF_SHIFT here, so the
      // product has REF_SHIFT + CB bits and its shifted value fits CB bits).
      wire [CB-1:0] d    = pv - THR_CB;
      /* verilator lint_off CMPCONST */
      wire          over = (pv > THR_CB);  // constant 0 at THR_ACC = 2^CB - 1
      /* verilator lint_on CMPCONST */
      wire [CB-1:0] scaled;
      if (REF_SHIFT == 0) begin : g_noshift
        // smp_q < 1: the product is 0
        assign scaled = (smp_q != {CB{1'b0}}) ? d : {CB{1'b0}};
      end else begin : g_shift
        wire                    big  = |smp_q[CB-1:REF_SHIFT];
        wire [REF_SHIFT+CB-1:0] prod = smp_q[REF_SHIFT-1:0] * d;
        /* verilator lint_off UNUSED */
        wire                    unused_prod = ^prod[REF_SHIFT-1:0];  // the shifted-out bits
        /* verilator lint_on UNUSED */
        assign scaled = big ? d : prod[REF_SHIFT +: CB];
      end
      wire [CB-1:0] sc = over ? scaled : {CB{1'b0}};

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
          cnt_n  = pv;
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
  assign sample_o = smp_q;

  // -------------------------------------------------------------------------
  // last_q: prev of the lowest warp with dn, else unchanged; smp_q: the new
  // last_q at the period's end, else unchanged; reset folded in.
  // -------------------------------------------------------------------------
  reg          any_dn;
  reg [CB-1:0] last_sel;  // prev of the lowest warp with dn (0 without one)

  always @* begin : last_comb
    integer w;
    reg     seen;
    seen     = 1'b0;
    last_sel = {CB{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      last_sel = last_sel | (prev[w*CB +: CB] & {CB{dn[w] & ~seen}});
      seen     = seen | dn[w];
    end
    any_dn = seen;
    if (SAMPLE_PERIOD == 1) begin
      // every cycle is a period's end: smp_q = the new last_q. Without a
      // completion each register takes the other's value, the same as its
      // own (see the header).
      last_d = any_dn ? last_sel : smp_q;
      smp_d  = any_dn ? last_sel : last_q;
    end else begin
      last_d = any_dn ? last_sel : last_q;
      smp_d  = pend ? last_d : smp_q;
    end
    if (rst_i) begin
      last_d = {CB{1'b0}};
      smp_d  = {CB{1'b0}};
    end
  end

  // -------------------------------------------------------------------------
  // The sample period's counter: 0..SAMPLE_PERIOD - 1
  // -------------------------------------------------------------------------
  generate
    if (PB == 0) begin : g_no_pc
      // SAMPLE_PERIOD = 1: no counter, every cycle ends a period
      assign pend = 1'b1;
      assign pc_d = 1'b0;
      /* verilator lint_off UNUSED */
      wire unused_pc = pc_q[0];
      /* verilator lint_on UNUSED */
    end else begin : g_pc
      localparam [PB-1:0] SPM1_PB = SPM1[PB-1:0];
      localparam [PB-1:0] ONE_PB  = 1;
      assign pend = (pc_q == SPM1_PB);
      assign pc_d = (rst_i || pend) ? {PB{1'b0}} : (pc_q + ONE_PB);
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Events (docs/memra.md "Events"): counts, all zero in a reset cycle
  // -------------------------------------------------------------------------
  reg [NB-1:0] n_start, n_predict, n_grant;

  always @* begin : ev_comb
    integer w;
    n_start   = {NB{1'b0}};
    n_predict = {NB{1'b0}};
    n_grant   = {NB{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      if (ld_i[w])    n_start   = n_start + ONE_NB;
      if (dn[w])      n_predict = n_predict + ONE_NB;
      if (grant_i[w]) n_grant   = n_grant + ONE_NB;
    end
  end

  wire [EVW-1:0] ev = {pend, n_grant, n_predict, n_start};

  assign ev_o = ev & {EVW{~rst_i}};

  // All state registers (reset is folded into the _d logic above).
  always @(posedge clk_i) begin : state_ff
    cnt_q  <= cnt_d;
    meas_q <= meas_d;
    last_q <= last_d;
    smp_q  <= smp_d;
    pc_q   <= pc_d;
  end

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/memra.md "Protocol"; simulation only), checked
  // at every rising edge with rst_i = 0 on this cycle's inputs and the state
  // at the start of the cycle. The per-warp vectors are WARPS bits wide, so
  // w >= WARPS cannot be set.
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
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
