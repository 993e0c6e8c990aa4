// {{TOP}}: register file cache (RFC), Gebhart et al., ISCA 2011, §3.1, §3.3.
//
// Cycle contract: docs/rfc.md (the C model csim/rfc.c implements the same page;
// co-simulation compares every output bit every cycle). Section numbers "§n"
// below refer to the "One cycle" part of docs/rfc.md.
//
// Structure
//   {{TOP}}_lane_bank  One private data bank per SIMT lane (LANES instances in
//                      the generate loop g_lane): ACTIVE_WARPS*ENTRIES words of
//                      WIDTH bits, flip-flops, word address slot*ENTRIES+entry.
//                      1 write port (per-lane enable = wr_mask_i[l]),
//                      READ_PORTS operand read ports, 1 victim read port,
//                      FLUSH_PORTS drain read ports; all reads combinational.
//   {{TOP}}            Everything else, near the scheduler:
//                      - slot state st_q/owner_q (FREE, OWNED, DRAINING),
//                      - per entry valid_q, tag_q, dead_q (LIVENESS=1 only),
//                        rank_q (FIFO/LRU order, 0 = youngest),
//                      - the TAG -> RF3 read pipeline pv_q/pslot_q/pidx_q,
//                      - lookup (§1), read (§2), pins (§3), write path and
//                        victim choice (§4), drain engine (§5), next state (§6),
//                        energy events and protocol assertions (§7).
//   All outputs are combinational functions of the state at the start of the
//   cycle and of this cycle's inputs; the only flip-flops are the storage bits
//   of docs/rfc.md "State" (rfc_storage_bits() in csim/rfc_desc.c):
//     A*N*LANES*WIDTH + A*N*(1+RB+LIVENESS+IB) + A*(2+WB) + READ_LAT*R*(1+SB+IB).
//   Fields that have no bits in that formula (dead when LIVENESS=0, rank and
//   index fields when ENTRIES=1) are kept as constant-zero vectors, which
//   synthesis removes.
//
// Packing: element 0 in the least significant bits everywhere. Internal
// state: per-slot arrays (st_q[s], owner_q[s]) and per-slot entry rows
// (valid_q[s] bit e, tag_q[s] field e, ...); bank word of entry (s,e) is
// s*ENTRIES+e; read pipeline stage k (1..READ_LAT), port p is field
// (k-1)*READ_PORTS+p of pv_q/pslot_q/pidx_q.
//
// Reset (rst_i, synchronous, active high): slot state, owner, entry valid,
// dead, rank and pipeline valid. Tags, data and the pipeline's slot/index
// fields are not reset (they reach no output while their valid bit is 0).

`default_nettype none

// ---------------------------------------------------------------------------
// Top: tags, slot state, pins, victim choice, drain engine, read pipeline.
// ---------------------------------------------------------------------------
module {{TOP}} #(
  parameter integer WARPS        = {{WARPS}},         // resident warps (owner ids)
  parameter integer ACTIVE_WARPS = {{ACTIVE_WARPS}},  // slots
  parameter integer ENTRIES      = {{ENTRIES}},       // entries per slot
  parameter integer LANES        = {{LANES}},         // lanes, one data bank each
  parameter integer WIDTH        = {{WIDTH}},         // bits per lane
  parameter integer REG_BITS     = {{REG_BITS}},      // register id bits
  parameter integer READ_PORTS   = {{READ_PORTS}},    // sources per lookup
  parameter integer READ_LAT     = {{READ_LAT}},      // TAG -> RF3 cycles
  parameter integer FLUSH_PORTS  = {{FLUSH_PORTS}},   // drain read ports
  parameter integer REPLACEMENT  = {{REPLACEMENT}},   // 0 FIFO, 1 LRU
  parameter integer LIVENESS     = {{LIVENESS}}       // 1: honour last-use hints
) (
  input  wire                                                  clk_i,
  input  wire                                                  rst_i,
  // lookup, TAG stage (§1)
  input  wire                                                  lu_valid_i,
  input  wire [((ACTIVE_WARPS > 1) ? $clog2(ACTIVE_WARPS) : 1)-1:0] lu_slot_i,
  input  wire [READ_PORTS-1:0]                                 lu_en_i,
  input  wire [READ_PORTS*REG_BITS-1:0]                        lu_reg_i,
  input  wire [READ_PORTS-1:0]                                 lu_last_i,
  // result write, WB stage (§4)
  input  wire                                                  wr_valid_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]          wr_warp_i,
  input  wire [REG_BITS-1:0]                                   wr_reg_i,
  input  wire [LANES-1:0]                                      wr_mask_i,
  input  wire                                                  wr_bypass_i,
  input  wire [LANES*WIDTH-1:0]                                wr_data_i,
  // slot management (§6.4)
  input  wire                                                  act_valid_i,
  input  wire [((ACTIVE_WARPS > 1) ? $clog2(ACTIVE_WARPS) : 1)-1:0] act_slot_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]          act_warp_i,
  input  wire                                                  flush_valid_i,
  input  wire [((ACTIVE_WARPS > 1) ? $clog2(ACTIVE_WARPS) : 1)-1:0] flush_slot_i,
  input  wire                                                  exit_valid_i,
  input  wire [((ACTIVE_WARPS > 1) ? $clog2(ACTIVE_WARPS) : 1)-1:0] exit_slot_i,
  // lookup result (§1) and RF3 read data (§2)
  output wire [READ_PORTS-1:0]                                 lu_hit_o,
  output wire [READ_PORTS-1:0]                                 rd_valid_o,
  output wire [READ_PORTS*LANES*WIDTH-1:0]                     rd_data_o,
  // write-path MRF write (§4)
  output wire                                                  wb_valid_o,
  output wire [2:0]                                            wb_cause_o,
  output wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]          wb_warp_o,
  output wire [REG_BITS-1:0]                                   wb_reg_o,
  output wire [LANES-1:0]                                      wb_mask_o,
  output wire [LANES*WIDTH-1:0]                                wb_data_o,
  // drain MRF writes (§5)
  output wire [FLUSH_PORTS-1:0]                                fl_valid_o,
  output wire [FLUSH_PORTS*((WARPS > 1) ? $clog2(WARPS) : 1)-1:0] fl_warp_o,
  output wire [FLUSH_PORTS*REG_BITS-1:0]                       fl_reg_o,
  output wire [FLUSH_PORTS*LANES*WIDTH-1:0]                    fl_data_o,
  // slot status and energy events
  output wire [ACTIVE_WARPS-1:0]                               slot_free_o,
  output wire [4*$clog2(READ_PORTS+1)+3+$clog2(FLUSH_PORTS+1)-1:0] ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/rfc.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer A   = ACTIVE_WARPS;
  localparam integer N   = ENTRIES;
  localparam integer L   = LANES;
  localparam integer W   = WIDTH;
  localparam integer RB  = REG_BITS;
  localparam integer R   = READ_PORTS;
  localparam integer RL  = READ_LAT;
  localparam integer FP  = FLUSH_PORTS;
  localparam integer SB  = (A > 1) ? $clog2(A) : 1;          // slot id
  localparam integer WB  = (WARPS > 1) ? $clog2(WARPS) : 1;  // warp id
  localparam integer IB  = $clog2(N);                        // entry index / rank (0 when N = 1)
  localparam integer IBW = (IB > 0) ? IB : 1;                // declared width of an index field
  localparam integer MW  = (A * N > 1) ? $clog2(A * N) : 1;  // bank word address
  localparam integer RW  = $clog2(R + 1);                    // per-source event count fields
  localparam integer FW  = $clog2(FP + 1);                   // flush_wb event count field

  localparam [1:0] ST_FREE  = 2'd0;
  localparam [1:0] ST_OWNED = 2'd1;
  localparam [1:0] ST_DRAIN = 2'd2;

  localparam [2:0] CAUSE_EVICT    = 3'd0;
  localparam [2:0] CAUSE_BYPASS   = 3'd1;
  localparam [2:0] CAUSE_PARTIAL  = 3'd2;
  localparam [2:0] CAUSE_FALLBACK = 3'd3;
  localparam [2:0] CAUSE_LATE     = 3'd4;

  localparam [MW-1:0]  ONE_MW = 1;
  localparam [IBW-1:0] ONE_IB = 1;
  localparam [RW-1:0]  ONE_RW = 1;
  localparam [FW-1:0]  ONE_FW = 1;

  // Bank word address of entry e of slot s: s*ENTRIES + e (exact for legal
  // s < ACTIVE_WARPS, e < ENTRIES, which fit in MW bits).
  function [MW-1:0] flat_addr;
    input [SB-1:0]  s;
    input [IBW-1:0] e;
    begin
      flat_addr = s * N[MW-1:0] + e * ONE_MW;
    end
  endfunction

  // Touch entry e of one slot's rank row (§4 "Touch"): every entry ranked
  // younger than e ages by one, e becomes the youngest (rank 0).
  function [N*IBW-1:0] touch_row;
    input [N*IBW-1:0] row;
    input [IBW-1:0]   e;
    integer f;
    reg [IBW-1:0] re;
    begin
      re = {IBW{1'b0}};
      for (f = 0; f < N; f = f + 1) begin
        if (e == f[IBW-1:0]) begin
          re = row[f*IBW +: IBW];
        end
      end
      touch_row = row;
      for (f = 0; f < N; f = f + 1) begin
        if (e == f[IBW-1:0]) begin
          touch_row[f*IBW +: IBW] = {IBW{1'b0}};
        end else if (row[f*IBW +: IBW] < re) begin
          touch_row[f*IBW +: IBW] = row[f*IBW +: IBW] + ONE_IB;
        end
      end
    end
  endfunction

  // -------------------------------------------------------------------------
  // State (docs/rfc.md "State"). Per-slot state is kept as arrays indexed by
  // slot; the per-entry arrays hold one "row" per slot, entry e in bit e or
  // field e. All logic below reads and writes them with constant (loop)
  // indices. (* mem2reg *) tells Yosys to keep them as plain flip-flops
  // (they are registers, not RAMs).
  // -------------------------------------------------------------------------
  // Slot state, 2 bits per slot: FREE / OWNED / DRAINING. Reset: OWNED.
  (* mem2reg *) reg [1:0]       st_q    [0:A-1];
  (* mem2reg *) reg [1:0]       st_d    [0:A-1];
  // Owner warp per slot. Reset: slot s is owned by warp s.
  (* mem2reg *) reg [WB-1:0]    owner_q [0:A-1];
  (* mem2reg *) reg [WB-1:0]    owner_d [0:A-1];
  // Per slot row, bit e: entry valid. Reset: 0.
  (* mem2reg *) reg [N-1:0]     valid_q [0:A-1];
  (* mem2reg *) reg [N-1:0]     valid_d [0:A-1];
  // Per slot row, field e: entry tag (register id). Not reset.
  (* mem2reg *) reg [N*RB-1:0]  tag_q   [0:A-1];
  (* mem2reg *) reg [N*RB-1:0]  tag_d   [0:A-1];
  // Per slot row, bit e: entry dead (last use seen). Reset: 0. Constant 0
  // when LIVENESS = 0.
  (* mem2reg *) reg [N-1:0]     dead_q  [0:A-1];
  (* mem2reg *) reg [N-1:0]     dead_d  [0:A-1];
  // Per slot row, field e: entry rank, 0 = youngest, a permutation of
  // 0..ENTRIES-1. Reset: rank(s,e) = e. Constant 0 when ENTRIES = 1.
  (* mem2reg *) reg [N*IBW-1:0] rank_q  [0:A-1];
  (* mem2reg *) reg [N*IBW-1:0] rank_d  [0:A-1];
  // Read pipeline, stages 1..READ_LAT: hit valid (reset 0), slot and entry
  // index (not reset; pidx constant 0 when ENTRIES = 1).
  reg [RL*R-1:0]      pv_q, pv_d;
  reg [RL*R*SB-1:0]   pslot_q, pslot_d;
  reg [RL*R*IBW-1:0]  pidx_q, pidx_d;

  // -------------------------------------------------------------------------
  // §1 Lookup (TAG stage): compare the sources with the tags of slot
  // lu_slot_i; also the lookup's own next-state effects on that slot (§6.1):
  // dead marks and, for LRU, the touched rank row.
  // -------------------------------------------------------------------------
  reg [R-1:0]     hit;          // hit[p]
  reg [R*IBW-1:0] hidx;         // hidx[p]: the entry that hit (0 without a hit)
  reg [N-1:0]     lu_dead_set;  // entries of slot lu_slot_i marked dead
  reg [N*IBW-1:0] lu_rank;      // rank row of slot lu_slot_i after the LRU touches

  always @* begin : lookup_comb
    integer s, p, e;
    reg [N-1:0]     vrow;
    reg [N*RB-1:0]  trow;
    vrow = {N{1'b0}};
    trow = {N*RB{1'b0}};
    lu_rank = {N*IBW{1'b0}};
    for (s = 0; s < A; s = s + 1) begin
      if (lu_slot_i == s[SB-1:0]) begin
        vrow = valid_q[s];
        trow = tag_q[s];
        lu_rank = rank_q[s];
      end
    end
    hit = {R{1'b0}};
    hidx = {R*IBW{1'b0}};
    lu_dead_set = {N{1'b0}};
    if (lu_valid_i) begin
      for (p = 0; p < R; p = p + 1) begin
        for (e = 0; e < N; e = e + 1) begin
          if (lu_en_i[p] && vrow[e] && (trow[e*RB +: RB] == lu_reg_i[p*RB +: RB])) begin
            hit[p] = 1'b1;
            hidx[p*IBW +: IBW] = e[IBW-1:0];
            if ((LIVENESS != 0) && lu_last_i[p]) begin
              lu_dead_set[e] = 1'b1;
            end
          end
        end
        // §6.1: LRU touches on lookup hits, ports in ascending order.
        if ((REPLACEMENT == 1) && hit[p]) begin
          lu_rank = touch_row(lu_rank, hidx[p*IBW +: IBW]);
        end
      end
    end
  end

  assign lu_hit_o = hit;

  // -------------------------------------------------------------------------
  // §4 Write path (WB): owner check, write hit, victim choice (with the pins
  // of §3), MRF write. Produces the MRF write and the write's effects on the
  // entries of slot ws (§6.2).
  // -------------------------------------------------------------------------
  reg [SB-1:0]    ws;          // slot owned (OWNED or DRAINING) by wr_warp_i
  reg [IBW-1:0]   w_idx;       // entry written / invalidated in slot ws
  reg             w_upd;       // entry (ws, w_idx) is written: data, dead=0, touch (A.2, A.4)
  reg             w_thru;      // entry (ws, w_idx) is written through: data, dead=0, no touch (A.1, B)
  reg [N-1:0]     w_inv_row;   // entries of ws invalidated (A.1, B with a full mask)
  reg [N-1:0]     w_skip_row;  // entries of ws kept out of this cycle's drain (B: m)
  reg [N-1:0]     w_alloc_row; // entries of ws allocated: valid=1, tag=wr_reg_i (A.4)
  reg             late_kill;   // case B found m in a DRAINING slot: not drained this cycle
  reg [N*IBW-1:0] ws_rank;     // rank row of ws at the start of the cycle
  reg [IBW-1:0]   v_idx;       // victim entry of ws (victim read port address)
  reg             wb_valid;
  reg [2:0]       wb_cause;
  reg [RB-1:0]    wb_reg;
  reg             wb_full;     // MRF write mask is all ones (EVICT, FALLBACK)
  reg             wb_evict;    // MRF write data comes from the victim read port
  reg             ev_rfc_write, ev_evict_wb, ev_bypass_wb;

  always @* begin : write_comb
    integer s, e, k, p;
    reg             ws_owned, ws_drain;  // so exists / sd exists
    reg [N-1:0]     vrow, drow, pin;
    reg [N*RB-1:0]  trow;
    reg             m_found;
    reg [IBW-1:0]   m_idx;
    reg             v_ok;
    reg             v_live;
    reg [IBW-1:0]   best;
    reg [RB-1:0]    v_tag;
    ws = {SB{1'b0}};
    ws_owned = 1'b0;
    ws_drain = 1'b0;
    vrow = {N{1'b0}};
    drow = {N{1'b0}};
    trow = {N*RB{1'b0}};
    ws_rank = {N*IBW{1'b0}};
    pin = {N{1'b0}};
    m_found = 1'b0;
    m_idx = {IBW{1'b0}};
    v_ok = 1'b0;
    v_live = 1'b0;
    best = {IBW{1'b0}};
    v_tag = {RB{1'b0}};
    v_idx = {IBW{1'b0}};
    w_idx = {IBW{1'b0}};
    w_upd = 1'b0;
    w_thru = 1'b0;
    w_inv_row = {N{1'b0}};
    w_skip_row = {N{1'b0}};
    w_alloc_row = {N{1'b0}};
    late_kill = 1'b0;
    wb_valid = 1'b0;
    wb_cause = CAUSE_EVICT;
    wb_reg = {RB{1'b0}};
    wb_full = 1'b0;
    wb_evict = 1'b0;
    ev_rfc_write = 1'b0;
    ev_evict_wb = 1'b0;
    ev_bypass_wb = 1'b0;
    if (wr_valid_i) begin
      // The (at most one) non-FREE slot owned by the writing warp, and its rows.
      for (s = 0; s < A; s = s + 1) begin
        if ((st_q[s] != ST_FREE) && (owner_q[s] == wr_warp_i)) begin
          ws = s[SB-1:0];
          ws_owned = (st_q[s] == ST_OWNED);
          ws_drain = (st_q[s] == ST_DRAIN);
          vrow = valid_q[s];
          drow = dead_q[s];
          trow = tag_q[s];
          ws_rank = rank_q[s];
        end
      end
      // m: the valid entry of that slot holding wr_reg_i.
      for (e = 0; e < N; e = e + 1) begin
        if (vrow[e] && (trow[e*RB +: RB] == wr_reg_i)) begin
          m_found = 1'b1;
          m_idx = e[IBW-1:0];
        end
      end
      wb_reg = wr_reg_i;
      if (ws_owned) begin
        // A. The warp is active.
        if (wr_bypass_i) begin
          // A.1 bypass: MRF write; with a full mask the stale copy is
          // invalidated, with a partial mask it is written through.
          wb_valid = 1'b1;
          wb_cause = CAUSE_BYPASS;
          ev_bypass_wb = 1'b1;
          w_thru = m_found && !(&wr_mask_i);
          w_idx = m_idx;
          ev_rfc_write = w_thru;
          for (e = 0; e < N; e = e + 1) begin
            w_inv_row[e] = m_found && (&wr_mask_i) && (m_idx == e[IBW-1:0]);
          end
        end else if (m_found) begin
          // A.2 write hit: update in place.
          w_upd = 1'b1;
          w_idx = m_idx;
          ev_rfc_write = 1'b1;
        end else if (!(&wr_mask_i)) begin
          // A.3 partial-mask miss: MRF write with lane enables.
          wb_valid = 1'b1;
          wb_cause = CAUSE_PARTIAL;
          ev_bypass_wb = 1'b1;
        end else begin
          // A.4 full-mask miss. Pins (§3): pipeline stages 1..READ_LAT-1
          // and this cycle's hits; pinned entries are never victims.
          for (k = 0; k < (RL - 1) * R; k = k + 1) begin
            if (pv_q[k] && (pslot_q[k*SB +: SB] == ws)) begin
              pin[pidx_q[k*IBW +: IBW]] = 1'b1;
            end
          end
          for (p = 0; p < R; p = p + 1) begin
            if (hit[p] && (lu_slot_i == ws)) begin
              pin[hidx[p*IBW +: IBW]] = 1'b1;
            end
          end
          // Victim: the lowest-index invalid unpinned entry ...
          for (e = 0; e < N; e = e + 1) begin
            if (!v_ok && !vrow[e] && !pin[e]) begin
              v_ok = 1'b1;
              v_idx = e[IBW-1:0];
            end
          end
          // ... else the unpinned (valid) entry with the largest rank.
          if (!v_ok) begin
            for (e = 0; e < N; e = e + 1) begin
              if (!pin[e] && (!v_ok || (ws_rank[e*IBW +: IBW] > best))) begin
                v_ok = 1'b1;
                best = ws_rank[e*IBW +: IBW];
                v_idx = e[IBW-1:0];
              end
            end
          end
          for (e = 0; e < N; e = e + 1) begin
            if (v_idx == e[IBW-1:0]) begin
              v_live = vrow[e] && !drow[e];
              v_tag = trow[e*RB +: RB];
            end
          end
          if (!v_ok) begin
            // Every entry pinned: fall back to the MRF.
            wb_valid = 1'b1;
            wb_cause = CAUSE_FALLBACK;
            wb_full = 1'b1;
            ev_bypass_wb = 1'b1;
          end else begin
            w_upd = 1'b1;
            w_idx = v_idx;
            for (e = 0; e < N; e = e + 1) begin
              w_alloc_row[e] = (v_idx == e[IBW-1:0]);
            end
            ev_rfc_write = 1'b1;
            if (v_live) begin
              // A live victim goes to the MRF; a dead one is dropped.
              wb_valid = 1'b1;
              wb_cause = CAUSE_EVICT;
              wb_reg = v_tag;
              wb_full = 1'b1;
              wb_evict = 1'b1;
              ev_evict_wb = 1'b1;
            end
          end
        end
      end else begin
        // B. Late result: MRF write; the copy in the warp's DRAINING slot
        // is killed (full mask: superseded) or written through (partial
        // mask), and not drained this cycle either way.
        wb_valid = 1'b1;
        wb_cause = CAUSE_LATE;
        ev_bypass_wb = 1'b1;
        late_kill = ws_drain && m_found;
        w_thru = late_kill && !(&wr_mask_i);
        w_idx = m_idx;
        ev_rfc_write = w_thru;
        for (e = 0; e < N; e = e + 1) begin
          w_skip_row[e] = late_kill && (m_idx == e[IBW-1:0]);
          w_inv_row[e] = w_skip_row[e] && (&wr_mask_i);
        end
      end
    end
  end

  // -------------------------------------------------------------------------
  // §5 Drain engine: the first FLUSH_PORTS valid entries of DRAINING slots,
  // in order of s*ENTRIES+e, except the entry m that case B found this cycle.
  // -------------------------------------------------------------------------
  reg [FP-1:0]    fl_v;      // drain port j is used
  reg [FP*MW-1:0] fl_addr;   // its entry, as a bank word address
  reg [FP*WB-1:0] fl_warp;   // its slot's owner
  reg [FP*RB-1:0] fl_reg;    // its tag
  reg [A*N-1:0]   fl_clr;    // entries drained this cycle

  always @* begin : drain_comb
    integer s, e, j;
    reg [A*N-1:0] cand;
    reg           found;
    cand = {A*N{1'b0}};
    for (s = 0; s < A; s = s + 1) begin
      if (st_q[s] == ST_DRAIN) begin
        cand[s*N +: N] = valid_q[s];
        if (late_kill && (ws == s[SB-1:0])) begin
          cand[s*N +: N] = cand[s*N +: N] & ~w_skip_row;
        end
      end
    end
    fl_v = {FP{1'b0}};
    fl_addr = {FP*MW{1'b0}};
    fl_warp = {FP*WB{1'b0}};
    fl_reg = {FP*RB{1'b0}};
    fl_clr = {A*N{1'b0}};
    found = 1'b0;
    if (|cand) begin
      for (j = 0; j < FP; j = j + 1) begin
        found = 1'b0;
        for (s = 0; s < A; s = s + 1) begin
          for (e = 0; e < N; e = e + 1) begin
            if (!found && cand[s*N+e]) begin
              found = 1'b1;
              cand[s*N+e] = 1'b0;
              fl_clr[s*N+e] = 1'b1;
              fl_v[j] = 1'b1;
              fl_addr[j*MW +: MW] = flat_addr(s[SB-1:0], e[IBW-1:0]);
              fl_warp[j*WB +: WB] = owner_q[s];
              fl_reg[j*RB +: RB] = tag_q[s][e*RB +: RB];
            end
          end
        end
      end
    end
  end

  // -------------------------------------------------------------------------
  // §6 Next state: per slot, steps 1-4 in the contract's order; synchronous
  // reset last.
  // -------------------------------------------------------------------------
  always @* begin : state_comb
    integer s, e, k;
    reg [1:0]       st;
    reg [WB-1:0]    own;
    reg [N-1:0]     v, d;
    reg [N*RB-1:0]  t;
    reg [N*IBW-1:0] r;
    reg [N*IBW-1:0] ws_rank_new;
    reg             pinned;
    pinned  = 1'b0;
    // Rank row of ws after its write touch, on top of the lookup's LRU
    // touches when ws is also the lookup slot (§6.1 before §6.2).
    ws_rank_new = ws_rank;
    if ((REPLACEMENT == 1) && (lu_slot_i == ws)) begin
      ws_rank_new = lu_rank;
    end
    ws_rank_new = touch_row(ws_rank_new, w_idx);
    for (s = 0; s < A; s = s + 1) begin
      st  = st_q[s];
      own = owner_q[s];
      v   = valid_q[s];
      d   = dead_q[s];
      t   = tag_q[s];
      r   = rank_q[s];
      // 6.1 lookup effects: dead marks, LRU touches.
      if (lu_slot_i == s[SB-1:0]) begin
        d = d | lu_dead_set;
        if (REPLACEMENT == 1) begin
          r = lu_rank;
        end
      end
      // 6.2 write-path effects.
      if (ws == s[SB-1:0]) begin
        v = (v & ~w_inv_row) | w_alloc_row;
        for (e = 0; e < N; e = e + 1) begin
          if (w_alloc_row[e]) begin
            t[e*RB +: RB] = wr_reg_i;
          end
          if ((w_upd || w_thru) && (w_idx == e[IBW-1:0])) begin
            d[e] = 1'b0;
          end
        end
        if (w_upd) begin
          r = ws_rank_new;
        end
      end
      // 6.3 drained entries become invalid.
      v = v & ~fl_clr[s*N +: N];
      // 6.4 slot transitions.
      if ((st_q[s] == ST_DRAIN) && !(|valid_q[s])) begin
        pinned = 1'b0;
        for (k = 0; k < (RL - 1) * R; k = k + 1) begin
          if (pv_q[k] && (pslot_q[k*SB +: SB] == s[SB-1:0])) begin
            pinned = 1'b1;
          end
        end
        if (!pinned) begin
          st = ST_FREE;
        end
      end
      if (flush_valid_i && (flush_slot_i == s[SB-1:0])) begin
        st = ST_DRAIN;
        v = v & ~d;   // dead entries are dropped (d is 0 when LIVENESS=0)
      end
      if (exit_valid_i && (exit_slot_i == s[SB-1:0])) begin
        st = ST_DRAIN;
        v = {N{1'b0}};
      end
      if (act_valid_i && (act_slot_i == s[SB-1:0])) begin
        st  = ST_OWNED;
        own = act_warp_i;
      end
      // Fields without storage bits stay constant (removed by synthesis).
      if (LIVENESS == 0) begin
        d = {N{1'b0}};
      end
      if (IB == 0) begin
        r = {N*IBW{1'b0}};
      end
      // Synchronous reset (docs/rfc.md "Reset"); tags are not reset.
      if (rst_i) begin
        st  = ST_OWNED;
        own = s[WB-1:0];
        v   = {N{1'b0}};
        d   = {N{1'b0}};
        for (e = 0; e < N; e = e + 1) begin
          r[e*IBW +: IBW] = (IB == 0) ? {IBW{1'b0}} : e[IBW-1:0];
        end
      end
      st_d[s]    = st;
      owner_d[s] = own;
      valid_d[s] = v;
      dead_d[s]  = d;
      tag_d[s]   = t;
      rank_d[s]  = r;
    end
  end

  // §6.5 Read pipeline: stage k+1 takes stage k; stage 1 takes this cycle's
  // hits. A stage-1 slot/index field only loads on a hit (its value is
  // irrelevant while pv is 0), which keeps the per-port registers distinct.
  always @* begin : pipe_comb
    integer k, p;
    pv_d    = pv_q;
    pslot_d = pslot_q;
    pidx_d  = pidx_q;
    for (k = RL - 1; k > 0; k = k - 1) begin
      pv_d[k*R +: R] = pv_q[(k-1)*R +: R];
      pslot_d[k*R*SB +: R*SB] = pslot_q[(k-1)*R*SB +: R*SB];
      pidx_d[k*R*IBW +: R*IBW] = pidx_q[(k-1)*R*IBW +: R*IBW];
    end
    pv_d[0 +: R] = hit;
    for (p = 0; p < R; p = p + 1) begin
      if (hit[p]) begin
        pslot_d[p*SB +: SB] = lu_slot_i;
        pidx_d[p*IBW +: IBW] = hidx[p*IBW +: IBW];
      end
    end
    if (IB == 0) begin
      pidx_d = {RL*R*IBW{1'b0}};
    end
    if (A == 1) begin // one active warp: the slot id is always 0 (SB is only its declared width)
      pslot_d = {RL*R*SB{1'b0}};
    end
    if (rst_i) begin
      pv_d = {RL*R{1'b0}};
    end
  end

  // All state registers: next state at the rising edge (reset is folded
  // into the _d logic above).
  always @(posedge clk_i) begin : state_ff
    integer s;
    for (s = 0; s < A; s = s + 1) begin
      st_q[s]    <= st_d[s];
      owner_q[s] <= owner_d[s];
      valid_q[s] <= valid_d[s];
      tag_q[s]   <= tag_d[s];
      dead_q[s]  <= dead_d[s];
      rank_q[s]  <= rank_d[s];
    end
    pv_q    <= pv_d;
    pslot_q <= pslot_d;
    pidx_q  <= pidx_d;
  end

  // -------------------------------------------------------------------------
  // Bank addresses (shared by every lane), the lane banks, and the data
  // outputs. Each read port's data is gathered from the lanes into its own
  // bus (g_rport[p].bus, g_flport[j].bus, ev_bus) before it is masked and
  // packed into the output port: one wide assignment per port keeps the
  // Verilated model fast (no chain of partial concatenations over the whole
  // R*LANES*WIDTH output).
  // -------------------------------------------------------------------------
  wire [MW-1:0]   bank_waddr = flat_addr(ws, w_idx);
  wire [MW-1:0]   bank_eaddr = flat_addr(ws, v_idx);
  wire [R*MW-1:0] bank_raddr;
  wire [R-1:0]    rd_ok;      // RF3 read valid (a hit, so its slot is in range)
  wire [L*W-1:0]  ev_bus;     // victim data, all lanes

  genvar gl, gp, gj;
  generate
    // One private data bank per lane (docs/rfc.md, Gebhart §3.3).
    for (gl = 0; gl < L; gl = gl + 1) begin : g_lane
      wire [R*W-1:0]  rdata;
      wire [FP*W-1:0] fdata;

      {{TOP}}_lane_bank #(
        .DEPTH       (A * N),
        .WIDTH       (W),
        .AW          (MW),
        .READ_PORTS  (R),
        .FLUSH_PORTS (FP)
      ) u_bank (
        .clk_i     (clk_i),
        .we_i      ((w_upd | w_thru) & wr_mask_i[gl]),
        .waddr_i   (bank_waddr),
        .wdata_i   (wr_data_i[gl*W +: W]),
        .rd_addr_i (bank_raddr),
        .rd_data_o (rdata),
        .ev_addr_i (bank_eaddr),
        .ev_data_o (ev_bus[gl*W +: W]),
        .fl_addr_i (fl_addr),
        .fl_data_o (fdata)
      );
    end

    // Operand read ports at RF3 (§2).
    for (gp = 0; gp < R; gp = gp + 1) begin : g_rport
      wire [SB-1:0]  rslot = pslot_q[((RL-1)*R+gp)*SB +: SB];
      wire [IBW-1:0] ridx  = pidx_q[((RL-1)*R+gp)*IBW +: IBW];
      wire [L*W-1:0] bus;   // this port's data from every lane
      assign bank_raddr[gp*MW +: MW] = flat_addr(rslot, ridx);
      assign rd_ok[gp] = pv_q[(RL-1)*R+gp];
      for (gl = 0; gl < L; gl = gl + 1) begin : g_l
        assign bus[gl*W +: W] = g_lane[gl].rdata[gp*W +: W];
      end
      assign rd_data_o[gp*L*W +: L*W] = bus & {L*W{rd_ok[gp]}};
    end

    // Drain ports (§5).
    for (gj = 0; gj < FP; gj = gj + 1) begin : g_flport
      wire [L*W-1:0] bus;   // this port's data from every lane
      for (gl = 0; gl < L; gl = gl + 1) begin : g_l
        assign bus[gl*W +: W] = g_lane[gl].fdata[gj*W +: W];
      end
      assign fl_data_o[gj*L*W +: L*W] = bus & {L*W{fl_v[gj]}};
    end

    // Slot status.
    for (gp = 0; gp < A; gp = gp + 1) begin : g_slot
      assign slot_free_o[gp] = (st_q[gp] == ST_FREE);
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Outputs of §2 and §4.
  // -------------------------------------------------------------------------
  assign rd_valid_o = pv_q[(RL-1)*R +: R];
  assign fl_valid_o = fl_v;
  assign fl_warp_o  = fl_warp;
  assign fl_reg_o   = fl_reg;
  assign wb_valid_o = wb_valid;
  assign wb_cause_o = wb_cause;
  assign wb_warp_o  = wr_warp_i & {WB{wb_valid}};
  assign wb_reg_o   = wb_reg & {RB{wb_valid}};
  assign wb_mask_o  = wb_full ? {L{1'b1}} : (wr_mask_i & {L{wb_valid}});
  assign wb_data_o  = wb_evict ? ev_bus : (wr_data_i & {L*W{wb_valid}});

  // -------------------------------------------------------------------------
  // Energy events (docs/rfc.md "Energy events"), least significant first.
  // -------------------------------------------------------------------------
  reg [RW-1:0] n_lookup, n_mrf_read, n_avoided, n_rfc_read;
  reg [FW-1:0] n_flush;

  always @* begin : event_comb
    integer p, j;
    n_lookup   = {RW{1'b0}};
    n_mrf_read = {RW{1'b0}};
    n_avoided  = {RW{1'b0}};
    n_rfc_read = {RW{1'b0}};
    n_flush    = {FW{1'b0}};
    for (p = 0; p < R; p = p + 1) begin
      if (lu_valid_i && lu_en_i[p]) begin
        n_lookup = n_lookup + ONE_RW;
        if (hit[p]) begin
          n_avoided = n_avoided + ONE_RW;
        end else begin
          n_mrf_read = n_mrf_read + ONE_RW;
        end
      end
      if (pv_q[(RL-1)*R+p]) begin
        n_rfc_read = n_rfc_read + ONE_RW;
      end
    end
    for (j = 0; j < FP; j = j + 1) begin
      if (fl_v[j]) begin
        n_flush = n_flush + ONE_FW;
      end
    end
  end

  assign ev_o = {ev_bypass_wb, n_flush, ev_evict_wb, ev_rfc_write,
                 n_rfc_read, n_avoided, n_mrf_read, n_lookup};

  // -------------------------------------------------------------------------
  // §7 Protocol assertions (simulation only).
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  reg act_warp_busy;  // act_warp_i owns an OWNED or DRAINING slot

  always @* begin : act_busy_comb
    integer s;
    act_warp_busy = 1'b0;
    for (s = 0; s < A; s = s + 1) begin
      if ((st_q[s] != ST_FREE) && (owner_q[s] == act_warp_i)) begin
        act_warp_busy = 1'b1;
      end
    end
  end

  // Checked at every rising edge with rst_i = 0, on this cycle's inputs and
  // the state at the start of the cycle.
  always @(posedge clk_i) begin
    if (!rst_i) begin
      if (lu_valid_i && (({1'b0, lu_slot_i} >= A[SB:0]) ||
                         (st_q[lu_slot_i] != ST_OWNED))) begin
        $display("rfc: protocol violation: lookup of a slot that is not OWNED (lu_slot_i=%0d)", lu_slot_i);
        $finish;
      end
      if (wr_valid_i && ({1'b0, wr_warp_i} >= WARPS[WB:0])) begin
        $display("rfc: protocol violation: write from warp %0d >= WARPS", wr_warp_i);
        $finish;
      end
      if (act_valid_i && (({1'b0, act_slot_i} >= A[SB:0]) ||
                          (st_q[act_slot_i] != ST_FREE))) begin
        $display("rfc: protocol violation: activate into a slot that is not FREE (act_slot_i=%0d)", act_slot_i);
        $finish;
      end
      if (act_valid_i && (({1'b0, act_warp_i} >= WARPS[WB:0]) || act_warp_busy)) begin
        $display("rfc: protocol violation: activate warp %0d that is out of range or still owns a slot", act_warp_i);
        $finish;
      end
      if (flush_valid_i && (({1'b0, flush_slot_i} >= A[SB:0]) ||
                            (st_q[flush_slot_i] != ST_OWNED))) begin
        $display("rfc: protocol violation: flush of a slot that is not OWNED (flush_slot_i=%0d)", flush_slot_i);
        $finish;
      end
      if (exit_valid_i && (({1'b0, exit_slot_i} >= A[SB:0]) ||
                           (st_q[exit_slot_i] != ST_OWNED))) begin
        $display("rfc: protocol violation: exit of a slot that is not OWNED (exit_slot_i=%0d)", exit_slot_i);
        $finish;
      end
      if (flush_valid_i && exit_valid_i && (flush_slot_i == exit_slot_i)) begin
        $display("rfc: protocol violation: flush and exit of the same slot %0d", flush_slot_i);
        $finish;
      end
    end
  end
`endif

endmodule

// ---------------------------------------------------------------------------
// One lane's data bank: a flip-flop array with one write port and
// READ_PORTS + 1 + FLUSH_PORTS combinational read ports.
// ---------------------------------------------------------------------------
// Lint exception: Verilator's DECLFILENAME wants one module per file named
// after it; this template is one generated file holding the top and its lane
// bank, so the bank's module name cannot match the file name.
/* verilator lint_off DECLFILENAME */
module {{TOP}}_lane_bank #(
  parameter integer DEPTH       = 48,  // ACTIVE_WARPS*ENTRIES words
  parameter integer WIDTH       = 32,  // bits per word (one lane of a register)
  parameter integer AW          = 6,   // address width, max(1, clog2(DEPTH))
  parameter integer READ_PORTS  = 3,   // operand read ports (RF3)
  parameter integer FLUSH_PORTS = 1    // drain read ports
) (
  input  wire                         clk_i,
  // write port (§4 A.2, A.4, A.1/B write-through): address slot*ENTRIES+entry
  input  wire                         we_i,
  input  wire [AW-1:0]                waddr_i,
  input  wire [WIDTH-1:0]             wdata_i,
  // operand read ports (§2)
  input  wire [READ_PORTS*AW-1:0]     rd_addr_i,
  output wire [READ_PORTS*WIDTH-1:0]  rd_data_o,
  // victim read port (§4 A.4, EVICT)
  input  wire [AW-1:0]                ev_addr_i,
  output wire [WIDTH-1:0]             ev_data_o,
  // drain read ports (§5)
  input  wire [FLUSH_PORTS*AW-1:0]    fl_addr_i,
  output wire [FLUSH_PORTS*WIDTH-1:0] fl_data_o
);

  // Storage: not reset (docs/rfc.md "Reset"); an entry's data only reaches an
  // output once the entry has been written.
  reg [WIDTH-1:0] data_q [0:DEPTH-1];

  // Write port: the word takes wdata_i at the edge when we_i is set.
  always @(posedge clk_i) begin
    if (we_i) begin
      data_q[waddr_i] <= wdata_i;
    end
  end

  genvar gp;
  generate
    for (gp = 0; gp < READ_PORTS; gp = gp + 1) begin : g_rd
      assign rd_data_o[gp*WIDTH +: WIDTH] = data_q[rd_addr_i[gp*AW +: AW]];
    end
    for (gp = 0; gp < FLUSH_PORTS; gp = gp + 1) begin : g_fl
      assign fl_data_o[gp*WIDTH +: WIDTH] = data_q[fl_addr_i[gp*AW +: AW]];
    end
  endgenerate

  assign ev_data_o = data_q[ev_addr_i];

endmodule
/* verilator lint_on DECLFILENAME */

`default_nettype wire
