// {{TOP}}: Equalizer's chip-level frequency manager, Sethia, PhD thesis,
// University of Michigan, 2015, §3.3, §3.4.3, §3.5.1.1.
//
// Cycle contract: docs/vf_manager.md (the C model csim/vf_manager.c
// implements the same page; co-simulation compares every output bit every
// cycle).
//
// Structure (one module, no submodules):
//   - the vote: per request code r (3'b001 SM lower, 3'b011 memory lower,
//     3'b101 SM raise, 3'b111 memory raise) a count of the SMs sending it;
//     STRICT: r wins with 2*count > SMS; PLURALITY: with a non-zero count
//     above each other code's (a tie: none). win_o = winner in a strobe
//     cycle (stb_i != 0), else 0;
//   - the decision (idle only): the target domain one step in its direction
//     (saturating), the other one step toward normal; the latency is the
//     largest of the changing domains'; latency 1 applies at this edge, else
//     the new levels wait in nsm_q/nmem_q while tmr_q counts down (busy_q);
//   - a winner while busy_q is dropped.
//   All outputs are combinational functions of the state at the start of the
//   cycle (win_o and ev_o also of this cycle's inputs); the only flip-flops
//   are the state bits of docs/vf_manager.md "State": sm_q, mem_q, nsm_q,
//   nmem_q (2 each), busy_q (1), tmr_q (TW = max(1, clog2(max(SM_LAT,
//   MEM_LAT)))): 9 + TW bits, 18 at the defaults; 4 bits (sm_q, mem_q)
//   when SM_LAT = MEM_LAT = 1, where nothing is ever pending (generate
//   g_pend1: the transition registers are constants).
//
// Packing: SM k's request at req_i[3k +: 3] (bit 0 valid, bit 1 memory
// domain, bit 2 raise); levels 0 normal, 1 high, 2 low.

`default_nettype none

module {{TOP}} #(
  parameter integer SMS      = {{SMS}},       // SMs voting
  parameter integer MAJORITY = {{MAJORITY}},  // 0 STRICT, 1 PLURALITY
  parameter integer SM_LAT   = {{SM_LAT}},    // cycles from a decision to the new SM level
  parameter integer MEM_LAT  = {{MEM_LAT}}    // cycles from a decision to the new memory level
) (
  input  wire             clk_i,
  input  wire             rst_i,
  // the SMs' votes (equalizer dec_valid_o, vf_o)
  input  wire [SMS-1:0]   stb_i,
  input  wire [3*SMS-1:0] req_i,
  // levels
  output wire [1:0]       sm_level_o,
  output wire [1:0]       mem_level_o,
  output wire             busy_o,
  output wire [1:0]       sm_next_o,
  output wire [1:0]       mem_next_o,
  output wire [2:0]       win_o,
  // energy events, LSB first: elect, start, apply, drop
  output wire [3:0]       ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes
  // -------------------------------------------------------------------------
  localparam integer LATMAX = (SM_LAT > MEM_LAT) ? SM_LAT : MEM_LAT;
  localparam integer TW     = (LATMAX > 1) ? $clog2(LATMAX) : 1;  // timer bits
  localparam integer CNW    = $clog2(SMS + 1);                    // vote count bits
  localparam integer SM_TM1_I  = SM_LAT - 1;
  localparam integer MEM_TM1_I = MEM_LAT - 1;
  localparam integer MAX_TM1_I = LATMAX - 1;
  localparam [TW-1:0]  SM_TM1  = SM_TM1_I[TW-1:0];   // SM latency - 1
  localparam [TW-1:0]  MEM_TM1 = MEM_TM1_I[TW-1:0];  // memory latency - 1
  localparam [TW-1:0]  MAX_TM1 = MAX_TM1_I[TW-1:0];  // both domains change
  localparam [TW-1:0]  ONE_TW  = 1;
  localparam [CNW-1:0] ONE_CN  = 1;
  localparam [CNW:0]   SMS_C   = SMS[CNW:0];

  localparam [1:0] NORMAL = 2'd0;
  localparam [1:0] HIGH   = 2'd1;
  localparam [1:0] LOW    = 2'd2;

  // one step in direction up, saturating (3 is never stored: kept)
  function automatic [1:0] step(input [1:0] lv, input up);
    case (lv)
      LOW:     step = up ? NORMAL : LOW;
      NORMAL:  step = up ? HIGH : LOW;
      HIGH:    step = up ? HIGH : NORMAL;
      default: step = lv;
    endcase
  endfunction

  // one step toward normal
  function automatic [1:0] toward(input [1:0] lv);
    toward = ((lv == HIGH) || (lv == LOW)) ? NORMAL : lv;
  endfunction

  // -------------------------------------------------------------------------
  // State (docs/vf_manager.md "State")
  // -------------------------------------------------------------------------
  reg [1:0]    sm_q, sm_d;      // current SM level
  reg [1:0]    mem_q, mem_d;    // current memory level
  wire [1:0]   nsm_q;           // pending SM level (flops in g_pend)
  wire [1:0]   nmem_q;          // pending memory level (g_pend)
  wire         busy_q;          // a transition is in flight (g_pend)
  wire [TW-1:0] tmr_q;          // cycles left to the apply edge (g_pend)
  reg [1:0]    nsm_d, nmem_d;
  reg          busy_d;
  reg [TW-1:0] tmr_d;

  // -------------------------------------------------------------------------
  // The vote
  // -------------------------------------------------------------------------
  reg [CNW-1:0] c_sl, c_ml, c_sr, c_mr;  // SM lower, memory lower, SM raise, memory raise

  always @* begin : count_comb
    integer k;
    reg [2:0] r;
    c_sl = {CNW{1'b0}};
    c_ml = {CNW{1'b0}};
    c_sr = {CNW{1'b0}};
    c_mr = {CNW{1'b0}};
    for (k = 0; k < SMS; k = k + 1) begin
      r = req_i[3*k +: 3];
      case (r)
        3'b001:  c_sl = c_sl + ONE_CN;
        3'b011:  c_ml = c_ml + ONE_CN;
        3'b101:  c_sr = c_sr + ONE_CN;
        3'b111:  c_mr = c_mr + ONE_CN;
        default: ;
      endcase
    end
  end

  reg [2:0] winner;  // the winning request code, 0: none

  generate
    if (MAJORITY == 0) begin : g_strict
      // more than half of all SMs: 2*c > SMS
      always @* begin : strict_comb
        if ({c_sl, 1'b0} > SMS_C) begin
          winner = 3'b001;
        end else if ({c_ml, 1'b0} > SMS_C) begin
          winner = 3'b011;
        end else if ({c_sr, 1'b0} > SMS_C) begin
          winner = 3'b101;
        end else if ({c_mr, 1'b0} > SMS_C) begin
          winner = 3'b111;
        end else begin
          winner = 3'b000;
        end
      end
    end else begin : g_plurality
      // more votes than every other request, at least one; a tie: none
      always @* begin : plur_comb
        if ((c_sl != 0) && (c_sl > c_ml) && (c_sl > c_sr) && (c_sl > c_mr)) begin
          winner = 3'b001;
        end else if ((c_ml != 0) && (c_ml > c_sl) && (c_ml > c_sr) && (c_ml > c_mr)) begin
          winner = 3'b011;
        end else if ((c_sr != 0) && (c_sr > c_sl) && (c_sr > c_ml) && (c_sr > c_mr)) begin
          winner = 3'b101;
        end else if ((c_mr != 0) && (c_mr > c_sl) && (c_mr > c_ml) && (c_mr > c_sr)) begin
          winner = 3'b111;
        end else begin
          winner = 3'b000;
        end
      end
    end
  endgenerate

  wire       strobe = |stb_i;
  wire [2:0] win    = strobe ? winner : 3'b000;

  // -------------------------------------------------------------------------
  // The decision
  // -------------------------------------------------------------------------
  wire          w_v   = win[0];  // a winner
  wire          w_mem = win[1];  // it names the memory domain
  wire          w_up  = win[2];  // it raises
  wire [1:0]    sm_new  = w_mem ? toward(sm_q) : step(sm_q, w_up);
  wire [1:0]    mem_new = w_mem ? step(mem_q, w_up) : toward(mem_q);
  wire          sm_chg  = (sm_new != sm_q);
  wire          mem_chg = (mem_new != mem_q);
  wire [TW-1:0] tm1     = (sm_chg & mem_chg) ? MAX_TM1 : (sm_chg ? SM_TM1 : MEM_TM1);
  wire          start   = w_v & ~busy_q & (sm_chg | mem_chg);
  wire          now     = (tm1 == {TW{1'b0}});  // latency 1: applied at this edge
  wire          done    = busy_q & (tmr_q == ONE_TW);
  wire          apply   = done | (start & now);
  wire          drop    = w_v & busy_q;

  always @* begin : next_comb
    sm_d   = sm_q;
    mem_d  = mem_q;
    nsm_d  = nsm_q;
    nmem_d = nmem_q;
    busy_d = busy_q;
    tmr_d  = tmr_q;
    if (busy_q) begin
      if (done) begin
        sm_d   = nsm_q;
        mem_d  = nmem_q;
        busy_d = 1'b0;
      end else begin
        tmr_d = tmr_q - ONE_TW;
      end
    end else if (start) begin
      if (now) begin
        sm_d  = sm_new;
        mem_d = mem_new;
      end else begin
        nsm_d  = sm_new;
        nmem_d = mem_new;
        busy_d = 1'b1;
        tmr_d  = tm1;
      end
    end
    if (rst_i) begin
      sm_d   = NORMAL;
      mem_d  = NORMAL;
      nsm_d  = NORMAL;
      nmem_d = NORMAL;
      busy_d = 1'b0;
      tmr_d  = {TW{1'b0}};
    end
  end

  always @(posedge clk_i) begin : state_ff
    sm_q  <= sm_d;
    mem_q <= mem_d;
  end

  // the transition registers: flip-flops only when a latency exceeds 1
  // (SM_LAT = MEM_LAT = 1: every change applies at its decision edge)
  generate
    if (LATMAX > 1) begin : g_pend
      reg [1:0]    nsm_r, nmem_r;
      reg          busy_r;
      reg [TW-1:0] tmr_r;
      always @(posedge clk_i) begin : pend_ff
        nsm_r  <= nsm_d;
        nmem_r <= nmem_d;
        busy_r <= busy_d;
        tmr_r  <= tmr_d;
      end
      assign nsm_q  = nsm_r;
      assign nmem_q = nmem_r;
      assign busy_q = busy_r;
      assign tmr_q  = tmr_r;
    end else begin : g_pend1
      /* verilator lint_off UNUSED */
      wire unused_pend = ^{nsm_d, nmem_d, busy_d, tmr_d};
      /* verilator lint_on UNUSED */
      assign nsm_q  = NORMAL;
      assign nmem_q = NORMAL;
      assign busy_q = 1'b0;
      assign tmr_q  = {TW{1'b0}};
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Outputs
  // -------------------------------------------------------------------------
  assign sm_level_o  = sm_q;
  assign mem_level_o = mem_q;
  assign busy_o      = busy_q;
  assign sm_next_o   = busy_q ? nsm_q : sm_q;
  assign mem_next_o  = busy_q ? nmem_q : mem_q;
  assign win_o       = win;
  assign ev_o        = {drop, apply, start, strobe} & {4{~rst_i}};

  // -------------------------------------------------------------------------
  // Protocol assertion (docs/vf_manager.md "Protocol"; simulation only):
  // stb_i all zeros or all ones at every rising edge with rst_i = 0.
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i && strobe && !(&stb_i)) begin
      $display("vf_manager: protocol violation: stb_i=%b (all SMs strobe together)", stb_i);
      $finish;
    end
  end
`endif

endmodule

`default_nettype wire
