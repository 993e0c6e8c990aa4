// {{TOP}}: Mascar cache-access re-execution queue, Sethia, PhD thesis,
// University of Michigan, 2015, §4.3.3, §4.3.4, §4.4.2, Tab. 4.2.
//
// Cycle contract: docs/reexec_q.md (the C model csim/reexec_q.c implements
// the same page; co-simulation compares every output bit every cycle).
//
// Structure (one module, no submodules):
//   - entry slots ent_q: one flat vector of ENTRIES entries of EW bits (slot
//     i at [i*EW +: EW]); an entry packs base address, offsets, register,
//     lane mask, access size, then the warp (wb bits, none when WARPS = 1)
//     and is_store (only when STORES = 1). Entries are not reset;
//   - head/tail slots hd_q, tl_q (modulo-ENTRIES counters, any ENTRIES) and
//     the count cnt_q; a slot holds an entry iff it lies in [hd_q, tl_q)
//     cyclically, or the queue is full;
//   - "One cycle": rp = !empty & !lsu_req_i; pop = rp & ack;
//     rot = rp & nack. A rotate in a queue that is not full writes the head
//     entry at tl_q; a push writes at tl_q, or tl_q + 1 after a rotate (two
//     different slots: with a rotate the queue is not full, so tl_q + 1 is
//     the old head's slot at worst, which the rotate frees);
//   - has_o: an OR over the occupied slots of a decode of their warp.
//   All outputs are combinational functions of the state at the start of the
//   cycle (rp_valid_o and ev_o also of this cycle's inputs); the only
//   flip-flops are the state bits of docs/reexec_q.md "State"
//   (rq_storage_bits() in csim/reexec_q_desc.c):
//     ENTRIES*(ADDR_BITS + THREADS*OFFSET_BITS + wb + REG_BITS + THREADS + 3
//     + STORES) + 2*eb + clog2(ENTRIES+1),  wb = clog2(WARPS),
//     eb = clog2(ENTRIES).
//   With ENTRIES = 1 the pointers (EB = 1 bit) are constants 0 (no flops,
//   generate g_ptr1); with WARPS = 1 no warp bits are stored (hd_warp_o 0).
//
// Packing: thread t's offset at [t*OFFSET_BITS +: OFFSET_BITS] of the
// offset fields; has_o bit w = warp w.

`default_nettype none

module {{TOP}} #(
  parameter integer ENTRIES     = {{ENTRIES}},      // queue entries
  parameter integer THREADS     = {{THREADS}},      // threads per warp
  parameter integer ADDR_BITS   = {{ADDR_BITS}},    // segment base address
  parameter integer OFFSET_BITS = {{OFFSET_BITS}},  // per-thread byte offset
  parameter integer WARPS       = {{WARPS}},        // warps per SM
  parameter integer REG_BITS    = {{REG_BITS}},     // register field
  parameter integer STORES      = {{STORES}}        // 1: stores are queued too
) (
  input  wire                                         clk_i,
  input  wire                                         rst_i,
  // push: the LSU parks a request the L1 refused
  input  wire                                         push_valid_i,
  input  wire [ADDR_BITS-1:0]                         push_addr_i,
  input  wire [THREADS*OFFSET_BITS-1:0]               push_off_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0] push_warp_i,
  input  wire [REG_BITS-1:0]                          push_reg_i,
  input  wire [THREADS-1:0]                           push_mask_i,
  input  wire [2:0]                                   push_size_i,
  input  wire                                         push_store_i,
  // L1 port
  input  wire                                         lsu_req_i,
  input  wire                                         rp_ack_i,
  input  wire                                         rp_nack_i,
  // state
  output wire                                         push_ready_o,
  output wire                                         full_o,
  output wire [$clog2(ENTRIES+1)-1:0]                 count_o,
  output wire                                         rp_valid_o,
  // head entry (all zero when empty)
  output wire                                         hd_valid_o,
  output wire [ADDR_BITS-1:0]                         hd_addr_o,
  output wire [THREADS*OFFSET_BITS-1:0]               hd_off_o,
  output wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0] hd_warp_o,
  output wire [REG_BITS-1:0]                          hd_reg_o,
  output wire [THREADS-1:0]                           hd_mask_o,
  output wire [2:0]                                   hd_size_o,
  output wire                                         hd_store_o,
  output wire [WARPS-1:0]                             has_o,
  // energy events, LSB first: push, replay, pop, rotate_move, rotate_ptr
  output wire [4:0]                                   ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes
  // -------------------------------------------------------------------------
  localparam integer WB  = (WARPS > 1) ? $clog2(WARPS) : 1;      // warp port width
  localparam integer WS  = (WARPS > 1) ? $clog2(WARPS) : 0;      // stored warp bits (wb)
  localparam integer EB  = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;  // slot id
  localparam integer CW  = $clog2(ENTRIES + 1);                  // count
  localparam integer OW  = THREADS * OFFSET_BITS;                // offsets
  localparam integer ST  = (STORES != 0) ? 1 : 0;                // stored is_store bits
  // entry fields
  localparam integer O_ADDR = 0;
  localparam integer O_OFF  = O_ADDR + ADDR_BITS;
  localparam integer O_REG  = O_OFF + OW;
  localparam integer O_MASK = O_REG + REG_BITS;
  localparam integer O_SIZE = O_MASK + THREADS;
  localparam integer O_WARP = O_SIZE + 3;
  localparam integer O_ST   = O_WARP + WS;
  localparam integer EW     = O_ST + ST;                          // entry bits

  localparam integer  LAST_I  = ENTRIES - 1;
  localparam [EB-1:0] LAST    = LAST_I[EB-1:0];
  localparam [EB-1:0] ONE_EB  = 1;
  localparam [CW-1:0] FULL_C  = ENTRIES[CW-1:0];
  localparam [CW-1:0] ONE_CW  = 1;

  // next slot, modulo ENTRIES (constant 0 when ENTRIES = 1)
  function automatic [EB-1:0] inc(input [EB-1:0] p);
    inc = (p == LAST) ? {EB{1'b0}} : (p + ONE_EB);
  endfunction

  // -------------------------------------------------------------------------
  // State (docs/reexec_q.md "State")
  // -------------------------------------------------------------------------
  reg [ENTRIES*EW-1:0]  ent_q;        // entry slots (not reset)
  wire [ENTRIES*EW-1:0] ent_d;
  wire [EB-1:0]        hd_q;          // slot of the head (flops in g_ptr)
  wire [EB-1:0]        tl_q;          // slot the next entry is written to (g_ptr)
  reg [EB-1:0]         hd_d, tl_d;
  reg [CW-1:0]         cnt_q, cnt_d;  // entries

  // -------------------------------------------------------------------------
  // The pushed entry and the head entry
  // -------------------------------------------------------------------------
  wire [EW-1:0] push_ent;
  reg  [EW-1:0] hd_ent;    // the entry in slot hd_q
  wire [EW-1:0] hd_m;      // head entry, zero when empty
  wire [WB-1:0] hd_warp;   // its warp (0 when WARPS = 1)
  wire          hd_store;  // its is_store (0 when STORES = 0)

  assign push_ent[O_ADDR +: ADDR_BITS] = push_addr_i;
  assign push_ent[O_OFF +: OW]         = push_off_i;
  assign push_ent[O_REG +: REG_BITS]   = push_reg_i;
  assign push_ent[O_MASK +: THREADS]   = push_mask_i;
  assign push_ent[O_SIZE +: 3]         = push_size_i;

  generate
    if (WS > 0) begin : g_warp
      assign push_ent[O_WARP +: WS] = push_warp_i;
      assign hd_warp = hd_m[O_WARP +: WS];
    end else begin : g_no_warp
      // WARPS = 1: the only warp id is 0, nothing is stored
      /* verilator lint_off UNUSED */
      wire unused_warp = ^push_warp_i;
      /* verilator lint_on UNUSED */
      assign hd_warp = {WB{1'b0}};
    end
    if (ST > 0) begin : g_store
      assign push_ent[O_ST] = push_store_i;
      assign hd_store = hd_m[O_ST];
    end else begin : g_no_store
      // STORES = 0: no is_store bit per entry
      /* verilator lint_off UNUSED */
      wire unused_store = push_store_i;
      /* verilator lint_on UNUSED */
      assign hd_store = 1'b0;
    end
  endgenerate

  // -------------------------------------------------------------------------
  // One cycle
  // -------------------------------------------------------------------------
  wire full  = (cnt_q == FULL_C);
  wire empty = (cnt_q == {CW{1'b0}});
  wire rp    = ~empty & ~lsu_req_i;  // A-MA-12: a new LSU request first
  wire pop   = rp & rp_ack_i;
  wire rot   = rp & rp_nack_i;
  wire push  = push_valid_i;
  wire rot_move = rot & ~full;                // head entry copied to the tail
  wire rot_ptr  = rot & full;                 // pointers only

  // occupied slots and has_o
  wire [ENTRIES*WB-1:0] slot_warp;  // slot i's warp at [i*WB +: WB]
  reg  [ENTRIES-1:0]    occ;        // slot i holds an entry

  generate
    genvar gi;
    for (gi = 0; gi < ENTRIES; gi = gi + 1) begin : g_slot
      if (WS > 0) begin : g_w
        assign slot_warp[gi*WB +: WB] = ent_q[gi*EW + O_WARP +: WS];
      end else begin : g_w0
        assign slot_warp[gi*WB +: WB] = {WB{1'b0}};
      end
    end
  endgenerate

  wire [WARPS-1:0]  has;
  wire              wrap = hd_q > tl_q;  // the occupied slots wrap around the end

  // the head entry as an AND-OR over the slots: the variable part-select
  // ent_q[hd_q*EW +: EW] is a shift of the whole queue, whose techmap
  // template kept Yosys busy for minutes at the default size
  always @* begin : hd_comb
    integer i;
    hd_ent = {EW{1'b0}};
    for (i = 0; i < ENTRIES; i = i + 1) begin
      hd_ent = hd_ent | (ent_q[i*EW +: EW] & {EW{hd_q == i[EB-1:0]}});
    end
  end

  // no decisions in processes here: a decision per slot and 1536 partial
  // assignments of has in one process made Yosys's proc_mux take minutes
  always @* begin : occ_comb
    integer i;
    reg [EB-1:0] s;
    for (i = 0; i < ENTRIES; i = i + 1) begin
      s = i[EB-1:0];
      occ[i] = full | (wrap ? ((s >= hd_q) | (s < tl_q)) : ((s >= hd_q) & (s < tl_q)));
    end
  end

  generate
    genvar gw;
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_has
      localparam [WB-1:0] WID = gw;
      wire [ENTRIES-1:0] in_slot;  // slot i holds an entry of warp gw
      for (gi = 0; gi < ENTRIES; gi = gi + 1) begin : g_s
        assign in_slot[gi] = occ[gi] & (slot_warp[gi*WB +: WB] == WID);
      end
      assign has[gw] = |in_slot;
    end
  endgenerate

  // next state: rotate (copy at tl_q when not full), pop, push (at tl_q or
  // tl_q + 1 after a rotate); reset empties the queue, entries are kept
  wire [EB-1:0] tl_rot = rot ? inc(tl_q) : tl_q;  // tail after the rotate

  always @* begin : next_comb
    hd_d  = (rot | pop) ? inc(hd_q) : hd_q;
    tl_d  = push ? inc(tl_rot) : tl_rot;
    if (push & ~pop) begin
      cnt_d = cnt_q + ONE_CW;
    end else if (pop & ~push) begin
      cnt_d = cnt_q - ONE_CW;
    end else begin
      cnt_d = cnt_q;
    end
    if (rst_i) begin
      hd_d  = {EB{1'b0}};
      tl_d  = {EB{1'b0}};
      cnt_d = {CW{1'b0}};
    end
  end

  // each slot's next value on its own (one 3-way choice per slot, not a
  // priority chain over the whole queue: Yosys's proc_mux takes minutes on that)
  generate
    for (gi = 0; gi < ENTRIES; gi = gi + 1) begin : g_ent_d
      localparam [EB-1:0] SLOT = gi;
      wire wr_push = push & (tl_rot == SLOT);
      wire wr_rot  = rot_move & (tl_q == SLOT);
      assign ent_d[gi*EW +: EW] = wr_push ? push_ent : wr_rot ? hd_ent : ent_q[gi*EW +: EW];
    end
  endgenerate

  always @(posedge clk_i) begin : state_ff
    ent_q <= ent_d;
    cnt_q <= cnt_d;
  end

  // head and tail slots: flip-flops only when ENTRIES > 1 (one slot: both 0)
  generate
    if (ENTRIES > 1) begin : g_ptr
      reg [EB-1:0] hd_r, tl_r;
      always @(posedge clk_i) begin : ptr_ff
        hd_r <= hd_d;
        tl_r <= tl_d;
      end
      assign hd_q = hd_r;
      assign tl_q = tl_r;
    end else begin : g_ptr1
      /* verilator lint_off UNUSED */
      wire unused_ptr = ^{hd_d, tl_d};
      /* verilator lint_on UNUSED */
      assign hd_q = {EB{1'b0}};
      assign tl_q = {EB{1'b0}};
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Outputs
  // -------------------------------------------------------------------------
  assign hd_m = hd_ent & {EW{~empty}};

  assign push_ready_o = ~full;
  assign full_o       = full;
  assign count_o      = cnt_q;
  assign rp_valid_o   = rp;
  assign hd_valid_o   = ~empty;
  assign hd_addr_o    = hd_m[O_ADDR +: ADDR_BITS];
  assign hd_off_o     = hd_m[O_OFF +: OW];
  assign hd_warp_o    = hd_warp;
  assign hd_reg_o     = hd_m[O_REG +: REG_BITS];
  assign hd_mask_o    = hd_m[O_MASK +: THREADS];
  assign hd_size_o    = hd_m[O_SIZE +: 3];
  assign hd_store_o   = hd_store;
  assign has_o        = has;
  assign ev_o         = {rot_ptr, rot_move, pop, rp, push} & {5{~rst_i}};

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/reexec_q.md "Protocol"; simulation only),
  // checked at every rising edge with rst_i = 0.
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i) begin
      if (push_valid_i & full) begin
        $display("reexec_q: protocol violation: push_valid_i while full");
        $finish;
      end
      if (rp ? (rp_ack_i == rp_nack_i) : (rp_ack_i | rp_nack_i)) begin
        $display("reexec_q: protocol violation: rp_ack_i=%b rp_nack_i=%b with rp_valid_o=%b",
                 rp_ack_i, rp_nack_i, rp);
        $finish;
      end
    end
  end
`endif

endmodule

`default_nettype wire
