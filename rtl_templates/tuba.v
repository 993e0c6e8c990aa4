// {{TOP}}: TUBA, TFET-register-utilization-aware block allocation, Xie et
// al. 2017 ("P1"), §4.2.2, Fig. 7: the per-SM limit on resident thread
// blocks.
//
// Cycle contract: docs/tuba.md (the C model csim/tuba.c implements the same
// page; co-simulation compares every output bit every cycle).
//
// Structure (one module, no submodules):
//   - the evaluation strobe (generate on EVAL_PERIOD): done_i (0), every
//     cycle (1), or the end of the period counter pc_q (> 1); never while
//     lim_q = 0 (no kernel), with start_i or in a reset cycle;
//   - lo / hi: 100 * free_i against DW_PCT * TFET_REGS and UP_PCT *
//     TFET_REGS, strict, in FB + 7 bits (100 * free_i < 2^(FB+7) since
//     free_i < 2^FB; constant factors: no multiplier is left);
//   - lim_n (start_i loads min(MAX_BLOCKS, occ_i); a low evaluation lowers
//     the limit to max(1, lim_q - 1), a high one raises it to min(cap_q,
//     lim_q + 1)); accept_o = res_i < lim_n is combinational in this
//     cycle's update (W-P1-12);
//   - events eval, dec, inc;
//   - one always block of flip-flops, reset folded into the _d logic.
//   lim_o is a function of the state only; accept_o and ev_o depend on this
//   cycle's inputs too (in a reset cycle ev_o is 0 and accept_o compares
//   res_i with the limit start_i loads, else with lim_q). The only
//   flip-flops are the state bits of docs/tuba.md "State" (the descriptor's
//   storage formula), LB = clog2(MAX_BLOCKS + 1), PB = clog2(EVAL_PERIOD)
//   (0 when EVAL_PERIOD <= 1):
//     2*LB + PB.
//
// ev_o = {inc, dec, eval} (LSB first, one bit each).

`default_nettype none

module {{TOP}} #(
  parameter integer TFET_REGS   = {{TFET_REGS}},   // TFET warp-registers of the SM (N_TFET)
  parameter integer DW_PCT      = {{DW_PCT}},      // lower the limit below this share of free TFET registers
  parameter integer UP_PCT      = {{UP_PCT}},      // raise it above this share (> DW_PCT)
  parameter integer MAX_BLOCKS  = {{MAX_BLOCKS}},  // the architectural block limit
  parameter integer EVAL_PERIOD = {{EVAL_PERIOD}}  // 0: at each completion; N: every N cycles
) (
  input  wire                                                   clk_i,
  input  wire                                                   rst_i,
  // kernel start: the limit and its cap are loaded from occ_i
  input  wire                                                   start_i,
  input  wire [$clog2(MAX_BLOCKS+1)-1:0]                        occ_i,
  // a block completed (its registers already released)
  input  wire                                                   done_i,
  // free TFET registers of the SM
  input  wire [$clog2(TFET_REGS+1)-1:0]                         free_i,
  // resident blocks after this cycle's completion
  input  wire [$clog2(MAX_BLOCKS+1)-1:0]                        res_i,
  // the limit (state) and this cycle's dispatch permission
  output wire [$clog2(MAX_BLOCKS+1)-1:0]                        lim_o,
  output wire                                                   accept_o,
  // events: eval, dec, inc
  output wire [2:0]                                             ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/tuba.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer FB  = $clog2(TFET_REGS + 1);    // a count of TFET registers
  localparam integer LB  = $clog2(MAX_BLOCKS + 1);   // a count of blocks
  localparam integer PB  = (EVAL_PERIOD > 1) ? $clog2(EVAL_PERIOD) : 0;  // the period counter
  localparam integer PBW = (PB > 0) ? PB : 1;        // its declared width
  localparam integer MW  = FB + 7;                   // 100 * free_i, and both thresholds

  localparam integer  DWT    = DW_PCT * TFET_REGS;   // < 100 * TFET_REGS < 2^MW
  localparam integer  UPT    = UP_PCT * TFET_REGS;   // <= 100 * TFET_REGS < 2^MW
  localparam integer  EPM1   = EVAL_PERIOD - 1;
  localparam [MW-1:0] DWT_MW = DWT[MW-1:0];
  localparam [MW-1:0] UPT_MW = UPT[MW-1:0];
  localparam [MW-1:0] C100   = 100;
  localparam [LB-1:0] MAXB   = MAX_BLOCKS[LB-1:0];
  localparam [LB-1:0] ONE_LB = 1;
  localparam [LB:0]   ONE_L1 = 1;
  localparam [FB:0]   REGS_LIM = TFET_REGS[FB:0];

  // -------------------------------------------------------------------------
  // State (docs/tuba.md "State"); the _d values are the next state, reset
  // included.
  // -------------------------------------------------------------------------
  reg  [LB-1:0]  lim_q, lim_d;  // the block limit, 1..cap_q (0 before the first kernel)
  reg  [LB-1:0]  cap_q, cap_d;  // min(MAX_BLOCKS, occ_i) of the running kernel
  reg  [PBW-1:0] pc_q;          // EVAL_PERIOD > 1: the period's cycle counter
  wire [PBW-1:0] pc_d;
  wire           tick;          // the evaluation time of the EVAL_PERIOD mode

  // -------------------------------------------------------------------------
  // The evaluation strobe's source and the period counter
  // -------------------------------------------------------------------------
  generate
    if (EVAL_PERIOD == 0) begin : g_at_done
      assign tick = done_i;
    end else begin : g_periodic
      /* verilator lint_off UNUSED */
      wire unused_done = done_i;  // completions are not evaluated in this mode
      /* verilator lint_on UNUSED */
      if (PB == 0) begin : g_every
        assign tick = 1'b1;         // EVAL_PERIOD = 1: every cycle
      end else begin : g_count
        localparam [PB-1:0] EPM1_PB = EPM1[PB-1:0];
        localparam [PB-1:0] ONE_PB  = 1;
        assign tick = (pc_q == EPM1_PB);
        // 0..EVAL_PERIOD - 1 from the kernel start
        assign pc_d = (rst_i || start_i || tick) ? {PB{1'b0}} : (pc_q + ONE_PB);
      end
    end
    if (PB == 0) begin : g_no_pc
      assign pc_d = 1'b0;
      /* verilator lint_off UNUSED */
      wire unused_pc = pc_q[0];
      /* verilator lint_on UNUSED */
    end
  endgenerate

  // -------------------------------------------------------------------------
  // One cycle (docs/tuba.md "One cycle")
  // -------------------------------------------------------------------------
  wire [MW-1:0] free100 = { {(MW-FB){1'b0}}, free_i } * C100;

  wire ev = tick & (lim_q != {LB{1'b0}}) & ~start_i & ~rst_i;
  wire lo = (free100 < DWT_MW);
  wire hi = (free100 > UPT_MW);

  // min(MAX_BLOCKS, occ_i); occ_i > MAX_BLOCKS is constant 0 when
  // MAX_BLOCKS = 2^LB - 1
  /* verilator lint_off CMPCONST */
  wire [LB-1:0] occ_cap = (occ_i > MAXB) ? MAXB : occ_i;
  /* verilator lint_on CMPCONST */

  /* verilator lint_off CMPCONST */
  wire          gt1   = (lim_q > ONE_LB);                       // above the floor (constant 0 at LB = 1)
  /* verilator lint_on CMPCONST */
  wire          below = (lim_q < cap_q);                        // the limit is below the cap
  wire [LB-1:0] lim_dn = gt1 ? (lim_q - ONE_LB) : ONE_LB;       // max(1, lim_q - 1)
  wire [LB:0]   lim_p1 = {1'b0, lim_q} + ONE_L1;                // lim_q + 1, no wrap
  wire [LB-1:0] lim_up = (lim_p1 < {1'b0, cap_q}) ? lim_p1[LB-1:0] : cap_q;  // min(cap_q, lim_q + 1)

  reg [LB-1:0] lim_n;
  always @* begin : lim_comb
    if (start_i) begin
      lim_n = occ_cap;
    end else if (ev && lo) begin
      lim_n = lim_dn;
    end else if (ev && hi) begin
      lim_n = lim_up;
    end else begin
      lim_n = lim_q;
    end
  end

  assign lim_o    = lim_q;
  assign accept_o = (res_i < lim_n);
  assign ev_o     = {ev & hi & below, ev & lo & gt1, ev};

  // -------------------------------------------------------------------------
  // Next state at the edge, reset folded in
  // -------------------------------------------------------------------------
  always @* begin : next_comb
    lim_d = lim_n;
    cap_d = start_i ? occ_cap : cap_q;
    if (rst_i) begin
      lim_d = {LB{1'b0}};
      cap_d = {LB{1'b0}};
    end
  end

  // All state registers (reset is folded into the _d logic above).
  always @(posedge clk_i) begin : state_ff
    lim_q <= lim_d;
    cap_q <= cap_d;
    pc_q  <= pc_d;
  end

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/tuba.md "Protocol"; simulation only), checked
  // at every rising edge with rst_i = 0 on this cycle's inputs.
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i) begin
      /* verilator lint_off CMPCONST */
      if (start_i && ((occ_i == {LB{1'b0}}) || (occ_i > MAXB))) begin
        $display("tuba: protocol violation: start_i with occ_i=%0d outside 1..%0d", occ_i, MAX_BLOCKS);
        $finish;
      end
      if ({1'b0, free_i} > REGS_LIM) begin
        $display("tuba: protocol violation: free_i=%0d above TFET_REGS=%0d", free_i, TFET_REGS);
        $finish;
      end
      if (res_i > MAXB) begin
        $display("tuba: protocol violation: res_i=%0d above MAX_BLOCKS=%0d", res_i, MAX_BLOCKS);
        $finish;
      end
      /* verilator lint_on CMPCONST */
    end
  end
`endif

endmodule

`default_nettype wire
