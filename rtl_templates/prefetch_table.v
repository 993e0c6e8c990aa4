// {{TOP}}: APOGEE's prefetch table, Sethia, PhD thesis, University of
// Michigan, 2015, chapter V (APOGEE, PACT'13): fixed-offset (FOA) training
// over a warp load's lanes, next-iteration lines at an adaptive distance
// into a prefetch queue, thread-invariant (TIA) prefetch from an earlier load.
//
// Cycle contract: docs/prefetch_table.md (the C model csim/prefetch_table.c
// implements the same page; co-simulation compares every output bit every
// cycle).
//
// Structure (one module, no submodules), all next-state logic in one
// always @* block:
//   - fills first (the entry's PF State, or a TIA entry's in-flight bit);
//   - the trainer by phase: the IDLE cycle that takes a load does the
//     lookup / victim allocation and the distance rule, then every TRAIN
//     cycle trains LANES_PER_CYCLE lanes in order (each sees the previous
//     lane's update; exact signed dA, off*dT and dA/dT with remainder);
//     GEN does the TIA step in its first cycle, then finds the first lane
//     that is neither suppressed nor merged (one push per cycle) with the
//     `last` look-ahead over the remaining lanes; TSCAN is a priority
//     encoder over the TIA entries from `scn`;
//   - the queue: offer, pop, push at the tail, ages.
//   The only flip-flops are the bits of docs/prefetch_table.md "State"
//   (pt_storage_parts() in csim/prefetch_table_desc.c).
//
// Packing: entry i's field at [i*W +: W]; PF State of warp w at [2*w +: 2]
// of the entry's 2*WARPS bits; tag {pc, entry, warp, last, tia} (tia bit 0);
// ev_o = {tia_migrate, tia_trigger, tia_create, dist_dec, dist_inc, fill,
// present, issue, pq_full, suppress[KB], merge[KB], push, confirm, train[KB],
// alloc, lookup} (lookup at bit 0).

`default_nettype none

module {{TOP}} #(
  parameter integer ENTRIES         = {{ENTRIES}},          // table entries
  parameter integer PC_BITS         = {{PC_BITS}},          // PC tag
  parameter integer ADDR_BITS       = {{ADDR_BITS}},        // byte address space
  parameter integer OFFSET_BITS     = {{OFFSET_BITS}},      // signed thread offset
  parameter integer CONF_BITS       = {{CONF_BITS}},        // saturating confidence
  parameter integer TIDX_BITS       = {{TIDX_BITS}},        // thread index (all ones: scalar)
  parameter integer DIST_BITS       = {{DIST_BITS}},        // distance
  parameter integer WARPS           = {{WARPS}},            // warps
  parameter integer THREADS         = {{THREADS}},          // lanes per warp
  parameter integer LANES_PER_CYCLE = {{LANES_PER_CYCLE}},  // lanes per cycle
  parameter integer LINE_BYTES      = {{LINE_BYTES}},       // L1 line (power of two)
  parameter integer PQ_DEPTH        = {{PQ_DEPTH}},         // prefetch queue
  parameter integer ISSUE_LAT       = {{ISSUE_LAT}},        // push to earliest issue
  parameter integer MIN_ACTIVE      = {{MIN_ACTIVE}},       // fewer lanes never confirm
  parameter integer CONF_SLACK      = {{CONF_SLACK}},       // conf >= active - CONF_SLACK
  parameter integer ITER_BITS       = {{ITER_BITS}}         // ld_iter_i width
) (
  input  wire                                                    clk_i,
  input  wire                                                    rst_i,
  // a warp load, held until ld_ack_o
  input  wire                                                    ld_valid_i,
  input  wire [PC_BITS-1:0]                                      ld_pc_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]            ld_warp_i,
  input  wire [THREADS-1:0]                                      ld_mask_i,
  input  wire [THREADS*ADDR_BITS-1:0]                            ld_addr_i,
  input  wire                                                    ld_miss_i,
  input  wire [ITER_BITS-1:0]                                    ld_iter_i,
  // a prefetched line came back
  input  wire                                                    fill_valid_i,
  input  wire [PC_BITS+((ENTRIES > 1) ? $clog2(ENTRIES) : 1)
               +((WARPS > 1) ? $clog2(WARPS) : 1)+2-1:0]         fill_tag_i,
  // the L1 controller's answer to the offered head
  input  wire                                                    pf_ready_i,
  input  wire                                                    pf_present_i,
  // outputs
  output wire                                                    ld_ack_o,
  output wire                                                    pf_valid_o,
  output wire [ADDR_BITS-$clog2(LINE_BYTES)-1:0]                 pf_line_o,
  output wire [PC_BITS+((ENTRIES > 1) ? $clog2(ENTRIES) : 1)
               +((WARPS > 1) ? $clog2(WARPS) : 1)+2-1:0]         pf_tag_o,
  output wire [$clog2(PQ_DEPTH+1)-1:0]                           pq_count_o,
  output wire [1:0]                                              phase_o,
  output wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0]        entry_o,
  output wire [13+3*$clog2(LANES_PER_CYCLE+1)-1:0]               ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/prefetch_table.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer EB   = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;   // entry index
  localparam integer WB   = (WARPS > 1) ? $clog2(WARPS) : 1;       // warp index
  localparam integer LOGL = $clog2(LINE_BYTES);                    // line offset bits
  localparam integer LB   = ADDR_BITS - LOGL;                      // line address
  localparam integer TGB  = PC_BITS + EB + WB + 2;                 // tag
  localparam integer NB   = $clog2(THREADS + 1);                   // lane cursor, count
  localparam integer KB   = $clog2(LANES_PER_CYCLE + 1);           // per-lane events
  localparam integer AB   = (ISSUE_LAT > 0) ? $clog2(ISSUE_LAT + 1) : 1;  // age
  localparam integer QB   = (PQ_DEPTH > 1) ? $clog2(PQ_DEPTH) : 1; // queue slot
  localparam integer CB   = $clog2(PQ_DEPTH + 1);                  // queue count
  localparam integer SB   = $clog2(ENTRIES + 1);                   // scan index
  localparam integer SW   = 2 * WARPS;                             // PF State bits
  localparam integer EVW  = 13 + 3 * KB;                           // ev_o
  // exact signed arithmetic: training (dA, off*dT, dA/dT) and prediction (PA)
  localparam integer MW   = ((ADDR_BITS > OFFSET_BITS) ? ADDR_BITS : OFFSET_BITS) + 8;
  localparam integer PW   = DIST_BITS + ITER_BITS + OFFSET_BITS + ADDR_BITS + 4;

  localparam [1:0] T_NONE = 2'd0, T_FOA = 2'd1, T_TIA = 2'd2;
  localparam [1:0] PH_IDLE = 2'd0, PH_TRAIN = 2'd1, PH_GEN = 2'd2, PH_TSCAN = 2'd3;
  localparam [CB-1:0] FULL_C = PQ_DEPTH[CB-1:0];
  localparam [CB-1:0] ONE_CB = 1;
  localparam [QB-1:0] ONE_QB = 1;
  localparam integer  LAST_QI = PQ_DEPTH - 1;
  localparam [QB-1:0] LAST_Q = LAST_QI[QB-1:0];
  localparam [DIST_BITS-1:0] ONE_D = 1;
  localparam [CONF_BITS-1:0] ONE_C = 1;
  localparam [NB-1:0] ONE_N = 1;
  localparam [SB-1:0] ONE_S = 1;
  localparam [AB-1:0] ONE_A = 1;
  localparam signed [MW-1:0] ONE_M = 1;

  // -------------------------------------------------------------------------
  // State (docs/prefetch_table.md "State")
  // -------------------------------------------------------------------------
  reg [ENTRIES*2-1:0]           type_q, type_d;   // PF Type
  reg [ENTRIES*PC_BITS-1:0]     pc_q, pc_d;       // owner / trigger PC
  reg [ENTRIES*ADDR_BITS-1:0]   addr_q, addr_d;   // last lane's address / AD0
  reg [ENTRIES*OFFSET_BITS-1:0] off_q, off_d;     // signed offset
  reg [ENTRIES-1:0]             offv_q, offv_d;   // offset holds a pattern
  reg [ENTRIES*CONF_BITS-1:0]   conf_q, conf_d;   // confidence
  reg [ENTRIES*TIDX_BITS-1:0]   tid_q, tid_d;     // lane of addr (all ones: scalar)
  reg [ENTRIES*DIST_BITS-1:0]   dist_q, dist_d;   // distance
  reg [ENTRIES*SW-1:0]          st_q, st_d;       // PF State
  reg [WARPS*PC_BITS-1:0]       lalpc_q, lalpc_d; // last accessed load per warp
  reg [WARPS-1:0]               lalv_q, lalv_d;   // its valid
  reg [PQ_DEPTH*LB-1:0]         qline_q, qline_d; // queue lines
  reg [PQ_DEPTH*TGB-1:0]        qtag_q, qtag_d;   // queue tags
  wire [PQ_DEPTH*AB-1:0]        qage_q;           // queue ages (flops in g_age)
  reg [PQ_DEPTH*AB-1:0]         qage_d;
  wire [QB-1:0]                 hd_q, tl_q;       // queue pointers (flops in g_ptr)
  reg [QB-1:0]                  hd_d, tl_d;
  reg [CB-1:0]                  cnt_q, cnt_d;     // lines queued
  (* fsm_encoding = "none" *)
  reg [1:0]                     ph_q, ph_d;       // phase
  wire [EB-1:0]                 ent_q;            // the load's FOA entry (flops in g_ent)
  reg [EB-1:0]                  ent_d;
  reg [NB-1:0]                  cur_q, cur_d;     // lane cursor
  reg [SB-1:0]                  scn_q, scn_d;     // TIA scan index
  reg [NB-1:0]                  nact_q, nact_d;   // active lanes processed
  reg                           mis_q, mis_d;     // a mismatch in this load
  reg                           zero_q, zero_d;   // every dA = 0 so far
  reg                           early_q, early_d; // state 10 + miss at lookup
  reg                           cf_q, cf_d;       // confirmed
  reg                           pvl_q, pvl_d;     // pln valid
  reg [LB-1:0]                  pln_q, pln_d;     // previous predicted line

  // -------------------------------------------------------------------------
  // One cycle
  // -------------------------------------------------------------------------
  wire offer;           // the head is offered
  reg  ack;             // the load's last cycle
  reg  [EVW-1:0] ev;    // events (before the reset mask)

  generate
    if (ISSUE_LAT > 0) begin : g_offer
      wire [AB-1:0] hage = qage_q[hd_q*AB +: AB];
      assign offer = (cnt_q != {CB{1'b0}}) & (hage >= ISSUE_LAT[AB-1:0]);
    end else begin : g_offer0
      assign offer = (cnt_q != {CB{1'b0}});
    end
  endgenerate

  always @* begin : next_comb
    integer k, i, l, w, base, curi, ntrain, nmerge, nsup, nact_i, conf_i;
    reg          fill_ok, evfill, b_v;
    reg [TGB-1:0] b_tag;
    // the load's FOA entry and its working copy
    reg          hit, vic_ok, vic_inv, vic_any, excl;
    reg [EB-1:0] hit_i, vic_i, e;
    reg [CONF_BITS-1:0] vic_conf;
    reg [PC_BITS-1:0]     w_pc;
    reg [ADDR_BITS-1:0]   w_addr, a;
    reg [OFFSET_BITS-1:0] w_off;
    reg                   w_offv, w_mis, w_zero, w_early, w_cf, scalar, last_chunk;
    reg [CONF_BITS-1:0]   w_conf;
    reg [TIDX_BITS-1:0]   w_tid;
    reg [DIST_BITS-1:0]   w_dist;
    reg [SW-1:0]          w_st;
    reg [1:0]             stw;
    reg [NB-1:0]          w_nact;
    reg signed [MW-1:0]   da, dt, dts, tz, offs, prod, qt, rm;
    // prediction
    reg signed [PW-1:0]   pk, poff, pa, pz;
    reg [THREADS-1:0]     sup;
    reg [THREADS*LB-1:0]  lines;
    reg                   pushed, more, push_foa;
    integer               p_lane;
    reg [LB-1:0]          p_line;
    // TIA
    reg [ADDR_BITS-1:0]   ad0;
    reg                   ad0_ok, tia_hit, tfound;
    reg [EB-1:0]          t_i;
    reg [PC_BITS-1:0]     lal_pc_w;
    reg                   lal_v_w;
    // queue
    reg                   push_v, acc, pop, ev_lookup, ev_alloc, ev_confirm, ev_dinc, ev_ddec;
    reg                   ev_tcreate, ev_ttrig, ev_tmig, ev_present, ev_issue, ev_full, ev_push;
    reg [LB-1:0]          push_line;
    reg [TGB-1:0]         push_tag;
    reg [AB-1:0]          age;

    type_d  = type_q;
    pc_d    = pc_q;
    addr_d  = addr_q;
    off_d   = off_q;
    offv_d  = offv_q;
    conf_d  = conf_q;
    tid_d   = tid_q;
    dist_d  = dist_q;
    st_d    = st_q;
    lalpc_d = lalpc_q;
    lalv_d  = lalv_q;
    ph_d    = ph_q;
    ent_d   = ent_q;
    cur_d   = cur_q;
    scn_d   = scn_q;
    nact_d  = nact_q;
    mis_d   = mis_q;
    zero_d  = zero_q;
    early_d = early_q;
    cf_d    = cf_q;
    pvl_d   = pvl_q;
    pln_d   = pln_q;
    ack     = 1'b0;
    ntrain = 0; nmerge = 0; nsup = 0;
    ev_lookup = 1'b0; ev_alloc = 1'b0; ev_confirm = 1'b0; ev_dinc = 1'b0; ev_ddec = 1'b0;
    ev_tcreate = 1'b0; ev_ttrig = 1'b0; ev_tmig = 1'b0;
    push_v = 1'b0; push_line = {LB{1'b0}}; push_tag = {TGB{1'b0}};

    // the load's warp: its LAL
    lal_pc_w = {PC_BITS{1'b0}};
    lal_v_w  = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (ld_warp_i == w[WB-1:0]) begin
        lal_pc_w = lalpc_q[w*PC_BITS +: PC_BITS];
        lal_v_w  = lalv_q[w];
      end
    end

    // ---- fills first (src 0), then a head dropped as present (src 1): both
    // move the entry's state; only the fill counts an event
    evfill = 1'b0;
    for (k = 0; k < 2; k = k + 1) begin
      b_tag = (k == 0) ? fill_tag_i : qtag_q[hd_q*TGB +: TGB];
      b_v   = (k == 0) ? fill_valid_i : (offer & pf_present_i);
      for (i = 0; i < ENTRIES; i = i + 1) begin
        fill_ok = b_v & (b_tag[2 + WB +: EB] == i[EB-1:0]) &
                  (pc_q[i*PC_BITS +: PC_BITS] == b_tag[2 + WB + EB +: PC_BITS]) &
                  (type_q[i*2 +: 2] == (b_tag[0] ? T_TIA : T_FOA));
        if (fill_ok) begin
          if (k == 0) begin
            evfill = 1'b1;
          end
          if (b_tag[0]) begin
            st_d[i*SW + 1] = 1'b0;
          end else if (b_tag[1]) begin
            for (w = 0; w < WARPS; w = w + 1) begin
              if ((b_tag[2 +: WB] == w[WB-1:0]) && (st_d[i*SW + 2*w +: 2] == 2'b01)) begin
                st_d[i*SW + 2*w +: 2] = 2'b10;
              end
            end
          end
        end
      end
    end

    // ---- lookup and victim (the victim never a TIA entry triggered by this
    // PC; in GEN never the load's own entry)
    hit = 1'b0;
    hit_i = {EB{1'b0}};
    vic_inv = 1'b0;
    vic_any = 1'b0;
    vic_i = {EB{1'b0}};
    vic_conf = {CONF_BITS{1'b0}};
    for (i = ENTRIES - 1; i >= 0; i = i - 1) begin
      if ((type_q[i*2 +: 2] == T_FOA) && (pc_q[i*PC_BITS +: PC_BITS] == ld_pc_i)) begin
        hit = 1'b1;
        hit_i = i[EB-1:0];
      end
    end
    for (i = 0; i < ENTRIES; i = i + 1) begin
      excl = ((type_q[i*2 +: 2] == T_TIA) && (pc_q[i*PC_BITS +: PC_BITS] == ld_pc_i)) ||
             ((ph_q == PH_GEN) && (ent_q == i[EB-1:0]));
      if (!excl) begin
        if (type_q[i*2 +: 2] == T_NONE) begin
          if (!vic_inv) begin
            vic_inv = 1'b1;
            vic_i = i[EB-1:0];
          end
        end else if (!vic_inv && (!vic_any || (conf_q[i*CONF_BITS +: CONF_BITS] < vic_conf))) begin
          vic_any = 1'b1;
          vic_i = i[EB-1:0];
          vic_conf = conf_q[i*CONF_BITS +: CONF_BITS];
        end
      end
    end
    vic_ok = vic_inv | vic_any;

    // ---- the load's entry: its working copy
    e = (ph_q == PH_IDLE) ? (hit ? hit_i : vic_i) : ent_q;
    w_pc = {PC_BITS{1'b0}};
    w_addr = {ADDR_BITS{1'b0}};
    w_off = {OFFSET_BITS{1'b0}};
    w_offv = 1'b0;
    w_conf = {CONF_BITS{1'b0}};
    w_tid = {TIDX_BITS{1'b0}};
    w_dist = {DIST_BITS{1'b0}};
    w_st = {SW{1'b0}};
    for (i = 0; i < ENTRIES; i = i + 1) begin
      if (e == i[EB-1:0]) begin
        w_pc   = pc_q[i*PC_BITS +: PC_BITS];
        w_addr = addr_q[i*ADDR_BITS +: ADDR_BITS];
        w_off  = off_q[i*OFFSET_BITS +: OFFSET_BITS];
        w_offv = offv_q[i];
        w_conf = conf_q[i*CONF_BITS +: CONF_BITS];
        w_tid  = tid_q[i*TIDX_BITS +: TIDX_BITS];
        w_dist = dist_q[i*DIST_BITS +: DIST_BITS];
        w_st   = st_d[i*SW +: SW];
      end
    end
    w_mis   = (ph_q == PH_IDLE) ? 1'b0 : mis_q;
    w_zero  = (ph_q == PH_IDLE) ? 1'b1 : zero_q;
    w_early = (ph_q == PH_IDLE) ? 1'b0 : early_q;
    w_nact  = (ph_q == PH_IDLE) ? {NB{1'b0}} : nact_q;
    w_cf    = 1'b0;
    base = 0;
    base[NB-1:0] = (ph_q == PH_IDLE) ? {NB{1'b0}} : cur_q;
    curi = 0;
    curi[NB-1:0] = cur_q;

    // AD0: the lowest active lane's address
    ad0 = {ADDR_BITS{1'b0}};
    ad0_ok = 1'b0;
    for (l = 0; l < THREADS; l = l + 1) begin
      if (ld_mask_i[l] && !ad0_ok) begin
        ad0_ok = 1'b1;
        ad0 = ld_addr_i[l*ADDR_BITS +: ADDR_BITS];
      end
    end

    // ---- prediction of every lane (GEN): suppressed, line
    sup = {THREADS{1'b0}};
    lines = {(THREADS*LB){1'b0}};
    for (l = 0; l < THREADS; l = l + 1) begin
      pz = {PW{1'b0}};
      pz[DIST_BITS-1:0] = w_dist;
      pk = {PW{1'b0}};
      pk[ITER_BITS-1:0] = ld_iter_i;
      pk = pk * pz;
      pz = {PW{1'b0}};
      pz[5:0] = l[5:0];
      pk = pk + pz;
      pz = {PW{1'b0}};
      pz[TIDX_BITS-1:0] = w_tid;
      pk = pk - pz;
      poff = {PW{w_off[OFFSET_BITS-1]}};
      poff[OFFSET_BITS-1:0] = w_off;
      pz = {PW{1'b0}};
      pz[ADDR_BITS-1:0] = w_addr;
      pa = pz + pk * poff;
      sup[l] = pa[PW-1] | (|pa[PW-2:ADDR_BITS]);
      lines[l*LB +: LB] = pa[ADDR_BITS-1:LOGL];
    end

    pushed = 1'b0;
    more = 1'b0;
    push_foa = 1'b0;
    p_lane = 0;
    p_line = {LB{1'b0}};
    tia_hit = 1'b0;
    tfound = 1'b0;
    t_i = {EB{1'b0}};
    scalar = 1'b0;
    last_chunk = 1'b0;

    case (ph_q)
      PH_IDLE, PH_TRAIN: begin
        if ((ph_q == PH_TRAIN) || ld_valid_i) begin
          // -- first cycle: lookup, allocation, distance rule
          if (ph_q == PH_IDLE) begin
            ev_lookup = 1'b1;
            if (!hit) begin
              ev_alloc = 1'b1;
              w_pc = ld_pc_i;
              w_offv = 1'b0;
              w_conf = {CONF_BITS{1'b0}};
              w_dist = ONE_D;
              w_st = {SW{1'b0}};
            end
            stw = 2'b00;
            for (w = 0; w < WARPS; w = w + 1) begin
              if (ld_warp_i == w[WB-1:0]) begin
                stw = w_st[2*w +: 2];
                w_st[2*w +: 2] = 2'b00;
              end
            end
            if (stw == 2'b01) begin
              ev_dinc = 1'b1;
              if (w_dist != {DIST_BITS{1'b1}}) begin
                w_dist = w_dist + ONE_D;
              end
            end else if ((stw == 2'b10) && ld_miss_i) begin
              w_early = 1'b1;
            end
          end
          // -- this cycle's lanes, in order
          for (l = 0; l < THREADS; l = l + 1) begin
            if (ld_mask_i[l] && (l >= base) && (l < base + LANES_PER_CYCLE)) begin
              a = ld_addr_i[l*ADDR_BITS +: ADDR_BITS];
              ntrain = ntrain + 1;
              if (w_nact == {NB{1'b0}}) begin
                w_addr = a;
                w_tid = l[TIDX_BITS-1:0];
              end else begin
                da = {MW{1'b0}};
                da[ADDR_BITS-1:0] = a;
                tz = {MW{1'b0}};
                tz[ADDR_BITS-1:0] = w_addr;
                da = da - tz;
                dt = {MW{1'b0}};
                dt[5:0] = l[5:0];
                tz = {MW{1'b0}};
                tz[TIDX_BITS-1:0] = w_tid;
                dt = dt - tz;
                offs = {MW{w_off[OFFSET_BITS-1]}};
                offs[OFFSET_BITS-1:0] = w_off;
                prod = offs * dt;
                if (w_offv && (da == prod)) begin
                  if (w_conf != {CONF_BITS{1'b1}}) begin
                    w_conf = w_conf + ONE_C;
                  end
                end else begin
                  w_mis = 1'b1;
                  w_conf = {CONF_BITS{1'b0}};
                  dts = (dt == {MW{1'b0}}) ? ONE_M : dt;
                  qt = da / dts;
                  rm = da % dts;
                  if ((rm == {MW{1'b0}}) &&
                      ((&qt[MW-1:OFFSET_BITS-1]) || !(|qt[MW-1:OFFSET_BITS-1]))) begin
                    w_off = qt[OFFSET_BITS-1:0];
                    w_offv = 1'b1;
                  end else begin
                    w_offv = 1'b0;
                  end
                end
                if (da != {MW{1'b0}}) begin
                  w_zero = 1'b0;
                end
                w_addr = a;
                w_tid = l[TIDX_BITS-1:0];
              end
              w_nact = w_nact + ONE_N;
            end
          end
          // -- the last TRAIN cycle
          last_chunk = (base + LANES_PER_CYCLE >= THREADS);
          if (last_chunk) begin
            nact_i = 0;
            nact_i[NB-1:0] = w_nact;
            conf_i = 0;
            conf_i[CONF_BITS-1:0] = w_conf;
            scalar = (nact_i >= 2) && w_zero && w_offv;
            if (scalar) begin
              w_tid = {TIDX_BITS{1'b1}};
            end
            w_cf = w_offv && !scalar && (nact_i >= MIN_ACTIVE) && (conf_i >= nact_i - CONF_SLACK);
            ev_confirm = w_cf;
            if (w_early && !w_mis) begin
              ev_ddec = 1'b1;
              if (w_dist > ONE_D) begin
                w_dist = w_dist - ONE_D;
              end
            end
            ph_d = PH_GEN;
            cur_d = {NB{1'b0}};
          end else begin
            ph_d = PH_TRAIN;
            cur_d = base[NB-1:0] + LANES_PER_CYCLE[NB-1:0];
          end
          // -- write the entry back
          for (i = 0; i < ENTRIES; i = i + 1) begin
            if (e == i[EB-1:0]) begin
              type_d[i*2 +: 2] = T_FOA;
              pc_d[i*PC_BITS +: PC_BITS] = w_pc;
              addr_d[i*ADDR_BITS +: ADDR_BITS] = w_addr;
              off_d[i*OFFSET_BITS +: OFFSET_BITS] = w_off;
              offv_d[i] = w_offv;
              conf_d[i*CONF_BITS +: CONF_BITS] = w_conf;
              tid_d[i*TIDX_BITS +: TIDX_BITS] = w_tid;
              dist_d[i*DIST_BITS +: DIST_BITS] = w_dist;
              st_d[i*SW +: SW] = w_st;
            end
          end
          ent_d = e;
          nact_d = w_nact;
          mis_d = w_mis;
          zero_d = w_zero;
          early_d = w_early;
          cf_d = w_cf;
        end
      end

      PH_GEN: begin
        // -- the TIA step (first GEN cycle)
        if ((cur_q == {NB{1'b0}}) && (w_tid == {TIDX_BITS{1'b1}}) && ld_miss_i) begin
          for (i = 0; i < ENTRIES; i = i + 1) begin
            if ((type_q[i*2 +: 2] == T_TIA) && (addr_q[i*ADDR_BITS +: ADDR_BITS] == ad0)) begin
              tia_hit = 1'b1;
              st_d[i*SW] = 1'b1;
            end
          end
          if (!tia_hit && lal_v_w && (lal_pc_w != ld_pc_i) && vic_ok) begin
            ev_alloc = 1'b1;
            ev_tcreate = 1'b1;
            for (i = 0; i < ENTRIES; i = i + 1) begin
              if (vic_i == i[EB-1:0]) begin
                type_d[i*2 +: 2] = T_TIA;
                pc_d[i*PC_BITS +: PC_BITS] = lal_pc_w;
                addr_d[i*ADDR_BITS +: ADDR_BITS] = ad0;
                conf_d[i*CONF_BITS +: CONF_BITS] = w_conf;
                st_d[i*SW +: SW] = {SW{1'b0}};
              end
            end
          end
        end
        // -- lanes [cur, cur + LPC): the first lane neither suppressed nor merged
        if (cf_q) begin
          for (l = 0; l < THREADS; l = l + 1) begin
            if (!pushed && ld_mask_i[l] && (l >= curi) && (l < curi + LANES_PER_CYCLE)) begin
              if (sup[l]) begin
                nsup = nsup + 1;
              end else if (pvl_q && (lines[l*LB +: LB] == pln_q)) begin
                nmerge = nmerge + 1;
              end else begin
                pushed = 1'b1;
                p_lane = l;
                p_line = lines[l*LB +: LB];
              end
            end
          end
          // look-ahead: would a later lane of this load be pushed?
          for (l = 0; l < THREADS; l = l + 1) begin
            if (pushed && (l > p_lane) && ld_mask_i[l] && !sup[l] && (lines[l*LB +: LB] != p_line)) begin
              more = 1'b1;
            end
          end
          if (pushed) begin
            push_v = 1'b1;
            push_line = p_line;
            push_tag = {ld_pc_i, ent_q, ld_warp_i, !more, 1'b0};
            pln_d = p_line;
            pvl_d = 1'b1;
            curi = p_lane + 1;
            push_foa = 1'b1;
          end else begin
            curi = curi + LANES_PER_CYCLE;
          end
        end
        if (!cf_q || (curi >= THREADS)) begin
          ph_d = PH_TSCAN;
          scn_d = {SB{1'b0}};
        end
        cur_d = (curi >= THREADS) ? THREADS[NB-1:0] : curi[NB-1:0];
      end

      default: begin  // PH_TSCAN
        for (i = ENTRIES - 1; i >= 0; i = i - 1) begin
          if ((i >= scn_q) && (type_q[i*2 +: 2] == T_TIA) && (pc_q[i*PC_BITS +: PC_BITS] == ld_pc_i)) begin
            tfound = 1'b1;
            t_i = i[EB-1:0];
          end
        end
        if (tfound) begin
          ev_ttrig = 1'b1;
          push_v = 1'b1;
          push_tag = {ld_pc_i, t_i, ld_warp_i, 1'b1, 1'b1};
          for (i = 0; i < ENTRIES; i = i + 1) begin
            if (t_i == i[EB-1:0]) begin
              push_line = addr_q[i*ADDR_BITS + LOGL +: LB];
              st_d[i*SW + 1] = 1'b1;
              scn_d = i[SB-1:0] + ONE_S;
              if (st_q[i*SW] && lal_v_w && (lal_pc_w != ld_pc_i)) begin
                ev_tmig = 1'b1;
                pc_d[i*PC_BITS +: PC_BITS] = lal_pc_w;
                st_d[i*SW] = 1'b0;
              end
            end
          end
        end else begin
          ack = 1'b1;
          for (w = 0; w < WARPS; w = w + 1) begin
            if (ld_warp_i == w[WB-1:0]) begin
              lalpc_d[w*PC_BITS +: PC_BITS] = ld_pc_i;
              lalv_d[w] = 1'b1;
            end
          end
          ph_d = PH_IDLE;
          ent_d = {EB{1'b0}};
          cur_d = {NB{1'b0}};
          scn_d = {SB{1'b0}};
          nact_d = {NB{1'b0}};
          mis_d = 1'b0;
          zero_d = 1'b0;
          early_d = 1'b0;
          cf_d = 1'b0;
          pvl_d = 1'b0;
        end
      end
    endcase

    // ---- the queue
    pop = offer & (pf_present_i | pf_ready_i);
    ev_present = offer & pf_present_i;
    ev_issue = offer & ~pf_present_i & pf_ready_i;
    acc = push_v & ((cnt_q != FULL_C) | pop);
    ev_full = push_v & ~acc;
    ev_push = acc;
    qline_d = qline_q;
    qtag_d = qtag_q;
    qage_d = qage_q;
    for (i = 0; i < PQ_DEPTH; i = i + 1) begin
      age = qage_q[i*AB +: AB];
      if (acc && (tl_q == i[QB-1:0])) begin
        qline_d[i*LB +: LB] = push_line;
        qtag_d[i*TGB +: TGB] = push_tag;
        qage_d[i*AB +: AB] = {AB{1'b0}};
      end else if (age != ISSUE_LAT[AB-1:0]) begin
        qage_d[i*AB +: AB] = age + ONE_A;
      end
    end
    // an accepted FOA line: sent (01); the batch's last line dropped: 00
    if (push_foa && (acc || !more)) begin
      for (i = 0; i < ENTRIES; i = i + 1) begin
        for (w = 0; w < WARPS; w = w + 1) begin
          if ((ent_q == i[EB-1:0]) && (ld_warp_i == w[WB-1:0])) begin
            st_d[i*SW + 2*w +: 2] = acc ? 2'b01 : 2'b00;
          end
        end
      end
    end
    hd_d = pop ? ((hd_q == LAST_Q) ? {QB{1'b0}} : hd_q + ONE_QB) : hd_q;
    tl_d = acc ? ((tl_q == LAST_Q) ? {QB{1'b0}} : tl_q + ONE_QB) : tl_q;
    if (acc & ~pop) begin
      cnt_d = cnt_q + ONE_CB;
    end else if (pop & ~acc) begin
      cnt_d = cnt_q - ONE_CB;
    end else begin
      cnt_d = cnt_q;
    end

    ev = {ev_tmig, ev_ttrig, ev_tcreate, ev_ddec, ev_dinc, evfill, ev_present, ev_issue, ev_full,
          nsup[KB-1:0], nmerge[KB-1:0], ev_push, ev_confirm, ntrain[KB-1:0], ev_alloc, ev_lookup};

    // ---- synchronous reset
    if (rst_i) begin
      type_d = {(ENTRIES*2){1'b0}};
      offv_d = {ENTRIES{1'b0}};
      lalv_d = {WARPS{1'b0}};
      hd_d = {QB{1'b0}};
      tl_d = {QB{1'b0}};
      cnt_d = {CB{1'b0}};
      ph_d = PH_IDLE;
      ent_d = {EB{1'b0}};
      cur_d = {NB{1'b0}};
      scn_d = {SB{1'b0}};
      nact_d = {NB{1'b0}};
      mis_d = 1'b0;
      zero_d = 1'b0;
      early_d = 1'b0;
      cf_d = 1'b0;
      pvl_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin : state_ff
    type_q  <= type_d;
    pc_q    <= pc_d;
    addr_q  <= addr_d;
    off_q   <= off_d;
    offv_q  <= offv_d;
    conf_q  <= conf_d;
    tid_q   <= tid_d;
    dist_q  <= dist_d;
    st_q    <= st_d;
    lalpc_q <= lalpc_d;
    lalv_q  <= lalv_d;
    qline_q <= qline_d;
    qtag_q  <= qtag_d;
    cnt_q   <= cnt_d;
    ph_q    <= ph_d;
    cur_q   <= cur_d;
    scn_q   <= scn_d;
    nact_q  <= nact_d;
    mis_q   <= mis_d;
    zero_q  <= zero_d;
    early_q <= early_d;
    cf_q    <= cf_d;
    pvl_q   <= pvl_d;
    pln_q   <= pln_d;
  end

  generate
    // ages: only when ISSUE_LAT > 0
    if (ISSUE_LAT > 0) begin : g_age
      reg [PQ_DEPTH*AB-1:0] qage_r;
      always @(posedge clk_i) begin : age_ff
        qage_r <= qage_d;
      end
      assign qage_q = qage_r;
    end else begin : g_age0
      /* verilator lint_off UNUSED */
      wire unused_age = ^qage_d;
      /* verilator lint_on UNUSED */
      assign qage_q = {(PQ_DEPTH*AB){1'b0}};
    end
    // queue pointers: only when PQ_DEPTH > 1
    if (PQ_DEPTH > 1) begin : g_ptr
      reg [QB-1:0] hd_r, tl_r;
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
      assign hd_q = {QB{1'b0}};
      assign tl_q = {QB{1'b0}};
    end
    // the load's entry: only when ENTRIES > 1 (one entry: always 0)
    if (ENTRIES > 1) begin : g_ent
      reg [EB-1:0] ent_r;
      always @(posedge clk_i) begin : ent_ff
        ent_r <= ent_d;
      end
      assign ent_q = ent_r;
    end else begin : g_ent1
      /* verilator lint_off UNUSED */
      wire unused_ent = ^ent_d;
      /* verilator lint_on UNUSED */
      assign ent_q = {EB{1'b0}};
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Outputs
  // -------------------------------------------------------------------------
  assign ld_ack_o   = ack & ~rst_i;
  assign pf_valid_o = offer;
  assign pf_line_o  = qline_q[hd_q*LB +: LB] & {LB{offer}};
  assign pf_tag_o   = qtag_q[hd_q*TGB +: TGB] & {TGB{offer}};
  assign pq_count_o = cnt_q;
  assign phase_o    = ph_q;
  assign entry_o    = ent_q;
  assign ev_o       = ev & {EVW{~rst_i}};

endmodule

`default_nettype wire
