// {{TOP}}: APOGEE's prefetch table, Sethia, PhD thesis, University of
// Michigan, 2015, chapter V (APOGEE, PACT'13): fixed-offset (FOA) training
// over a warp load's lanes, next-iteration lines at an adaptive distance
// into a prefetch queue, thread-invariant (TIA) prefetch from an earlier load.
//
// Cycle contract: docs/prefetch_table.md (the C model csim/prefetch_table.c
// implements the same page; co-simulation compares every output bit every
// cycle).
//
// Structure (one module, no submodules):
//   - load_comb: the load's warp's LAL and AD0 (the lowest active lane);
//   - predict_comb: every lane's predicted line from the load's entry,
//     base + t*off (one multiply per load, an adder per lane);
//   - ctrl_comb decides, by phase: the IDLE cycle that takes a load does the
//     lookup / victim allocation and the distance rule, then every TRAIN
//     cycle trains LANES_PER_CYCLE lanes in order (each sees the previous
//     lane's update; exact dA, off*dT and dA/dT with remainder, at the
//     widths they need); GEN does the TIA step in its first cycle, then
//     finds the first lane that is neither suppressed nor merged (one push
//     per cycle) with the `last` look-ahead over the remaining lanes; TSCAN
//     is a priority encoder over the TIA entries from `scn`; the queue's
//     offer, pop and push;
//   - g_entry applies the decisions to each entry in a fixed order (fills,
//     the write-back, the TIA step and creation, TSCAN, the pushed line's
//     PF State, reset), g_qslot to each queue slot.
//   Multiplies and divides are written out (mul_su, mul_ss, divmod): Yosys's
//   SAT-based resource sharing would otherwise spend minutes on them.
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
  // exact arithmetic at the widths it needs (docs/prefetch_table.md "Address
  // arithmetic"): dA is ADDR_BITS+1 bits signed, dT 1..THREADS-1 fits NB bits,
  // off*dT is OFFSET_BITS+NB+1 bits; a quotient that fits OFFSET_BITS has
  // |dA| < 2^DV, so the divider is DV bits by NB bits; the prediction is
  // base + t*off with base = Address + (d*n - tid)*off (KW-bit d*n - tid).
  localparam integer DAW  = ADDR_BITS + 1;
  localparam integer PRW  = OFFSET_BITS + NB + 1;
  localparam integer CW   = ((DAW > PRW) ? DAW : PRW) + 1;
  localparam integer DV   = OFFSET_BITS - 1 + NB;
  localparam integer MGW  = ((DAW > DV) ? DAW : DV) + 1;
  localparam integer KW   = ((DIST_BITS + ITER_BITS > TIDX_BITS) ? DIST_BITS + ITER_BITS : TIDX_BITS) + 1;
  localparam integer PW   = ((ADDR_BITS > KW + OFFSET_BITS) ? ADDR_BITS : KW + OFFSET_BITS) + 3;

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

  // Small arithmetic written out as shift-and-add / restoring division, so
  // that synthesis sees adders and muxes (no $mul/$div for Yosys's SAT-based
  // resource sharing to chew on) and each unit is only as wide as it needs.
  // mul_su: signed a times unsigned b, both PW bits, product modulo 2^PW.
  function automatic [PW-1:0] mul_su(input [PW-1:0] a, input [PW-1:0] b, input integer bbits);
    integer j;
    begin
      mul_su = {PW{1'b0}};
      for (j = 0; j < PW; j = j + 1) begin
        if ((j < bbits) && b[j]) begin
          mul_su = mul_su + (a << j);
        end
      end
    end
  endfunction

  // mul_ss: a times the bbits-bit signed b (sign-extended to PW bits)
  function automatic [PW-1:0] mul_ss(input [PW-1:0] a, input [PW-1:0] b, input integer bbits);
    begin
      mul_ss = mul_su(a, b, bbits - 1);
      if (b[bbits-1]) begin
        mul_ss = mul_ss - (a << (bbits - 1));
      end
    end
  endfunction

  // st_fill: an entry's PF State after a fill (or a present drop) with tag
  // t = {warp, last, tia}: a TIA line clears the in-flight bit (bit 1); a batch's last FOA line
  // moves its warp from 01 (sent) to 10 (back)
  function automatic [2*WARPS-1:0] st_fill(input [2*WARPS-1:0] st, input [WB+1:0] t);
    integer w;
    begin
      st_fill = st;
      if (t[0]) begin
        st_fill[1] = 1'b0;
      end else if (t[1]) begin
        for (w = 0; w < WARPS; w = w + 1) begin
          if ((t[2 +: WB] == w[WB-1:0]) && (st[2*w +: 2] == 2'b01)) begin
            st_fill[2*w +: 2] = 2'b10;
          end
        end
      end
    end
  endfunction

  // divmod: {a / b, a % b} for unsigned DV-bit a and NB-bit b >= 1
  function automatic [2*DV-1:0] divmod(input [DV-1:0] a, input [NB-1:0] b);
    integer j;
    reg [NB:0] r;
    reg [DV-1:0] q;
    begin
      r = {(NB+1){1'b0}};
      q = {DV{1'b0}};
      for (j = DV - 1; j >= 0; j = j - 1) begin
        r = {r[NB-1:0], a[j]};
        if (r >= {1'b0, b}) begin
          r = r - {1'b0, b};
          q[j] = 1'b1;
        end
      end
      divmod = {q, {(DV-NB){1'b0}}, r[NB-1:0]};
    end
  endfunction
  localparam [DV-1:0] QMAX_P = (1 << (OFFSET_BITS - 1)) - 1;  // largest positive offset
  localparam [DV-1:0] ONE_DV = 1;
  localparam [DAW-1:0] ONE_DA = 1;

  // -------------------------------------------------------------------------
  // State (docs/prefetch_table.md "State")
  // -------------------------------------------------------------------------
  // (* wg_lemma *): no function; Yosys keeps the name of a wire with an attribute over an
  // alias's (g_entry[i].typ, .epc, .s0, hd_tag), so the netlist's flip-flops keep the RTL's
  // names, as rtl_templates/prefetch_table_lemmas.txt needs
  (* wg_lemma *)
  reg [ENTRIES*2-1:0]           type_q;           // PF Type
  (* wg_lemma *)
  reg [ENTRIES*PC_BITS-1:0]     pc_q;             // owner / trigger PC
  reg [ENTRIES*ADDR_BITS-1:0]   addr_q;           // last lane's address / AD0
  reg [ENTRIES*OFFSET_BITS-1:0] off_q;            // signed offset
  reg [ENTRIES-1:0]             offv_q;           // offset holds a pattern
  reg [ENTRIES*CONF_BITS-1:0]   conf_q;           // confidence
  reg [ENTRIES*TIDX_BITS-1:0]   tid_q;            // lane of addr (all ones: scalar)
  reg [ENTRIES*DIST_BITS-1:0]   dist_q;           // distance
  (* wg_lemma *)
  reg [ENTRIES*SW-1:0]          st_q;             // PF State
  reg [WARPS*PC_BITS-1:0]       lalpc_q, lalpc_d; // last accessed load per warp
  reg [WARPS-1:0]               lalv_q, lalv_d;   // its valid
  reg [PQ_DEPTH*LB-1:0]         qline_q;          // queue lines
  (* wg_lemma *)
  reg [PQ_DEPTH*TGB-1:0]        qtag_q;           // queue tags
  wire [PQ_DEPTH*AB-1:0]        qage_q;           // queue ages (flops in g_age)
  wire [PQ_DEPTH*AB-1:0]        qage_d;
  wire [QB-1:0]                 hd_q, tl_q;       // queue pointers (flops in g_ptr)
  reg [QB-1:0]                  hd_d, tl_d;
  reg [CB-1:0]                  cnt_q, cnt_d;     // lines queued
  (* fsm_encoding = "none" *)
  reg [1:0]                     ph_q, ph_d;       // phase
  wire [EB-1:0]                 ent_q;            // the load's FOA entry (flops in g_ent)
  reg [EB-1:0]                  ent_d;
  (* fsm_encoding = "none" *)
  reg [NB-1:0]                  cur_q, cur_d;     // lane cursor
  (* fsm_encoding = "none" *)
  reg [SB-1:0]                  scn_q, scn_d;     // TIA scan index
  reg [NB-1:0]                  nact_q, nact_d;   // active lanes processed
  reg                           mis_q, mis_d;     // a mismatch in this load
  reg                           zero_q, zero_d;   // every dA = 0 so far
  reg                           early_q, early_d; // state 10 + miss at lookup
  reg                           cf_q, cf_d;       // confirmed
  reg                           pvl_q, pvl_d;     // pln valid
  reg [LB-1:0]                  pln_q, pln_d;     // previous predicted line
  // the entries' and queue slots' next state (g_entry, g_qslot)
  wire [ENTRIES*2-1:0]           type_d;
  wire [ENTRIES*PC_BITS-1:0]     pc_d;
  wire [ENTRIES*ADDR_BITS-1:0]   addr_d;
  wire [ENTRIES*OFFSET_BITS-1:0] off_d;
  wire [ENTRIES-1:0]             offv_d;
  wire [ENTRIES*CONF_BITS-1:0]   conf_d;
  wire [ENTRIES*TIDX_BITS-1:0]   tid_d;
  wire [ENTRIES*DIST_BITS-1:0]   dist_d;
  wire [ENTRIES*SW-1:0]          st_d;
  wire [PQ_DEPTH*LB-1:0]         qline_d;
  wire [PQ_DEPTH*TGB-1:0]        qtag_d;

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

  // -------------------------------------------------------------------------
  // Prediction of every lane from the load's entry (read in GEN): PA(t) =
  // Address + (d*n + t - tid)*off = base + t*off, suppressed outside the
  // address space (docs/prefetch_table.md "Address arithmetic")
  // -------------------------------------------------------------------------
  reg [THREADS-1:0]    sup;    // lane's PA outside [0, 2^ADDR_BITS)
  reg [THREADS*LB-1:0] lines;  // lane's predicted line

  always @* begin : predict_comb
    integer i, l;
    reg [ADDR_BITS-1:0]   g_addr;
    reg [OFFSET_BITS-1:0] g_off;
    reg [TIDX_BITS-1:0]   g_tid;
    reg [DIST_BITS-1:0]   g_dist;
    reg [KW-2:0]          kn, kd, ki, ktid; // d * n and its operands
    reg [PW-1:0]          kt, po, pa;       // d * n - tid, off, PA (two's complement)
    reg [PW-1:0]          pw_a, pw_b;       // multiplier operands
    /* verilator lint_off UNUSED */
    reg [PW-1:0]          pw_t;             // product (upper bits unused)
    /* verilator lint_on UNUSED */
    g_addr = {ADDR_BITS{1'b0}};
    g_off = {OFFSET_BITS{1'b0}};
    g_tid = {TIDX_BITS{1'b0}};
    g_dist = {DIST_BITS{1'b0}};
    for (i = 0; i < ENTRIES; i = i + 1) begin
      if (ent_q == i[EB-1:0]) begin
        g_addr = addr_q[i*ADDR_BITS +: ADDR_BITS];
        g_off  = off_q[i*OFFSET_BITS +: OFFSET_BITS];
        g_tid  = tid_q[i*TIDX_BITS +: TIDX_BITS];
        g_dist = dist_q[i*DIST_BITS +: DIST_BITS];
      end
    end
    sup = {THREADS{1'b0}};
    lines = {(THREADS*LB){1'b0}};
    kd = {(KW-1){1'b0}};
    kd[DIST_BITS-1:0] = g_dist;
    ki = {(KW-1){1'b0}};
    ki[ITER_BITS-1:0] = ld_iter_i;
    ktid = {(KW-1){1'b0}};
    ktid[TIDX_BITS-1:0] = g_tid;
    pw_a = {PW{1'b0}};
    pw_a[KW-2:0] = ki;
    pw_b = {PW{1'b0}};
    pw_b[KW-2:0] = kd;
    pw_t = mul_su(pw_a, pw_b, DIST_BITS);
    kn = pw_t[KW-2:0];
    kt = {PW{1'b0}};
    kt[KW-1:0] = {1'b0, kn} - {1'b0, ktid};
    kt[PW-1:KW] = {(PW-KW){kt[KW-1]}};
    po = {PW{g_off[OFFSET_BITS-1]}};
    po[OFFSET_BITS-1:0] = g_off;
    pa = {PW{1'b0}};
    pa[ADDR_BITS-1:0] = g_addr;
    pa = pa + mul_ss(kt, po, OFFSET_BITS);
    for (l = 0; l < THREADS; l = l + 1) begin
      sup[l] = pa[PW-1] | (|pa[PW-2:ADDR_BITS]);
      lines[l*LB +: LB] = pa[ADDR_BITS-1:LOGL];
      pa = pa + po;
    end
  end

  // -------------------------------------------------------------------------
  // The load's warp (its LAL) and AD0, the lowest active lane's address
  // -------------------------------------------------------------------------
  reg [PC_BITS-1:0]   lal_pc_w;  // LAL[ld_warp_i]
  reg                 lal_v_w;   // its valid
  reg [ADDR_BITS-1:0] ad0;       // AD0

  always @* begin : load_comb
    integer w, l;
    reg ad0_ok;
    lal_pc_w = {PC_BITS{1'b0}};
    lal_v_w  = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (ld_warp_i == w[WB-1:0]) begin
        lal_pc_w = lalpc_q[w*PC_BITS +: PC_BITS];
        lal_v_w  = lalv_q[w];
      end
    end
    ad0 = {ADDR_BITS{1'b0}};
    ad0_ok = 1'b0;
    for (l = 0; l < THREADS; l = l + 1) begin
      if (ld_mask_i[l] && !ad0_ok) begin
        ad0_ok = 1'b1;
        ad0 = ld_addr_i[l*ADDR_BITS +: ADDR_BITS];
      end
    end
  end

  // -------------------------------------------------------------------------
  // Control: lookup and victim, the load's working copy through TRAIN, GEN's
  // pushes and TIA step, TSCAN, the queue. It decides; g_entry applies the
  // decisions to each entry (write enables below), g_qslot to each queue slot.
  // -------------------------------------------------------------------------
  wire [ENTRIES-1:0]    foa_m;   // valid FOA entry owned by ld_pc_i
  wire [ENTRIES-1:0]    trig_m;  // TIA entry triggered by ld_pc_i
  wire [ENTRIES-1:0]    inv_m;   // invalid entry
  wire [ENTRIES-1:0]    ad0_m;   // TIA entry whose Address is AD0
  wire [ENTRIES-1:0]    fill_m;  // the fill matched the entry
  wire [ENTRIES*SW-1:0] stf;     // PF State after the fill and the present drop
  wire [TGB-1:0]        hd_tag = qtag_q[hd_q*TGB +: TGB];  // the head's tag

  // decisions (applied by g_entry)
  reg                   wb_en;     // write the working copy back to entry wb_i
  reg [EB-1:0]          wb_i;
  reg [PC_BITS-1:0]     w_pc;      // the working copy
  reg [ADDR_BITS-1:0]   w_addr;
  reg [OFFSET_BITS-1:0] w_off;
  reg                   w_offv;
  reg [CONF_BITS-1:0]   w_conf;
  reg [TIDX_BITS-1:0]   w_tid;
  reg [DIST_BITS-1:0]   w_dist;
  reg [SW-1:0]          w_st;
  reg                   tia_step;  // GEN's TIA step: AD0's TIA entries turn slow
  reg                   tc_en;     // create a TIA entry at vic_i
  reg [EB-1:0]          vic_i;
  reg                   tr_en;     // TSCAN triggers entry t_i
  reg                   mig_en;    // ... and migrates it to LAL
  reg [EB-1:0]          t_i;
  reg                   sq_en;     // the pushed line's PF State: sq_val
  reg [1:0]             sq_val;
  // the queue (applied by g_qslot)
  reg                   acc;       // a line accepted at the tail
  reg [LB-1:0]          push_line;
  reg [TGB-1:0]         push_tag;

  always @* begin : ctrl_comb
    integer i, l, w, base, curi, ntrain, nmerge, nsup, nact_i, conf_i;
    reg                   hit, vic_ok, vic_inv, vic_any;
    reg [EB-1:0]          hit_i, e;
    reg [CONF_BITS-1:0]   vic_conf;
    reg [ADDR_BITS-1:0]   a;
    reg                   w_mis, w_zero, w_early, w_cf, scalar, last_chunk;
    reg [1:0]             stw;
    reg [NB-1:0]          w_nact;
    reg [DAW-1:0]         da;     // a - Address (two's complement)
    reg [NB-1:0]          dt;     // lane - tid, 1..THREADS-1
    reg [PRW-1:0]         prod;   // off * dT
    reg [PW-1:0]          pw_a, pw_b;       // multiplier operands
    /* verilator lint_off UNUSED */
    reg [PW-1:0]          pw_t;             // product (upper bits unused)
    /* verilator lint_on UNUSED */
    reg [CW-1:0]          da_x, prod_x;
    reg [MGW-1:0]         mag;    // |dA|
    reg [DV-1:0]          qt, rm; // |dA| / dT, |dA| % dT
    reg                   neg, fit;
    reg                   pushed, more, push_foa, push_v, pop, tfound, tslow;
    integer               p_lane;
    reg [LB-1:0]          p_line;
    reg                   ev_lookup, ev_alloc, ev_confirm, ev_dinc, ev_ddec;
    reg                   ev_tcreate, ev_ttrig, ev_tmig, ev_present, ev_issue, ev_full;

    // every temporary gets a value on every path (no latch for synthesis to
    // infer and then prove unused)
    i = 0; l = 0; w = 0; nact_i = 0; conf_i = 0; stw = 2'b00; a = {ADDR_BITS{1'b0}};
    da = {DAW{1'b0}}; dt = {NB{1'b0}}; prod = {PRW{1'b0}};
    pw_a = {PW{1'b0}}; pw_b = {PW{1'b0}}; pw_t = {PW{1'b0}};
    da_x = {CW{1'b0}}; prod_x = {CW{1'b0}}; mag = {MGW{1'b0}};
    qt = {DV{1'b0}}; rm = {DV{1'b0}}; neg = 1'b0; fit = 1'b0;
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
    wb_en = 1'b0; tia_step = 1'b0; tc_en = 1'b0; tr_en = 1'b0; mig_en = 1'b0;
    t_i = {EB{1'b0}}; sq_en = 1'b0; sq_val = 2'b00;
    ntrain = 0; nmerge = 0; nsup = 0;
    ev_lookup = 1'b0; ev_alloc = 1'b0; ev_confirm = 1'b0; ev_dinc = 1'b0; ev_ddec = 1'b0;
    ev_tcreate = 1'b0; ev_ttrig = 1'b0; ev_tmig = 1'b0;
    push_v = 1'b0; push_line = {LB{1'b0}}; push_tag = {TGB{1'b0}};

    // ---- lookup (lowest index) and victim: the lowest invalid entry, else
    // the lowest confidence (ties: lowest index); never a TIA entry triggered
    // by this PC, and in GEN never the load's own entry
    hit = 1'b0;
    hit_i = {EB{1'b0}};
    for (i = ENTRIES - 1; i >= 0; i = i - 1) begin
      if (foa_m[i]) begin
        hit = 1'b1;
        hit_i = i[EB-1:0];
      end
    end
    vic_inv = 1'b0;
    vic_any = 1'b0;
    vic_i = {EB{1'b0}};
    vic_conf = {CONF_BITS{1'b0}};
    for (i = 0; i < ENTRIES; i = i + 1) begin
      if (!trig_m[i] && !((ph_q == PH_GEN) && (ent_q == i[EB-1:0]))) begin
        if (inv_m[i]) begin
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

    // ---- the load's entry: its working copy (PF State after the fills)
    e = (ph_q == PH_IDLE) ? (hit ? hit_i : vic_i) : ent_q;
    wb_i = e;
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
        w_st   = stf[i*SW +: SW];
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

    pushed = 1'b0;
    more = 1'b0;
    push_foa = 1'b0;
    p_lane = 0;
    p_line = {LB{1'b0}};
    tfound = 1'b0;
    tslow = 1'b0;
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
                da = {1'b0, a} - {1'b0, w_addr};
                dt = l[NB-1:0] - w_tid[NB-1:0];
                pw_a = {PW{w_off[OFFSET_BITS-1]}};
                pw_a[OFFSET_BITS-1:0] = w_off;
                pw_b = {PW{1'b0}};
                pw_b[NB-1:0] = dt;
                pw_t = mul_su(pw_a, pw_b, NB);
                prod = pw_t[PRW-1:0];
                da_x = {CW{da[DAW-1]}};
                da_x[DAW-1:0] = da;
                prod_x = {CW{prod[PRW-1]}};
                prod_x[PRW-1:0] = prod;
                if (w_offv && (da_x == prod_x)) begin
                  if (w_conf != {CONF_BITS{1'b1}}) begin
                    w_conf = w_conf + ONE_C;
                  end
                end else begin
                  // a new offset: dA / dT when exact and inside OFFSET_BITS
                  w_mis = 1'b1;
                  w_conf = {CONF_BITS{1'b0}};
                  neg = da[DAW-1];
                  mag = {MGW{1'b0}};
                  mag[DAW-1:0] = neg ? (~da + ONE_DA) : da;
                  {qt, rm} = divmod(mag[DV-1:0], dt);
                  fit = !(|mag[MGW-1:DV]) && (rm == {DV{1'b0}}) &&
                        ((qt <= QMAX_P) || (neg && (qt == QMAX_P + ONE_DV)));
                  if (fit) begin
                    w_off = neg ? -qt[OFFSET_BITS-1:0] : qt[OFFSET_BITS-1:0];
                    w_offv = 1'b1;
                  end else begin
                    w_offv = 1'b0;
                  end
                end
                if (da != {DAW{1'b0}}) begin
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
{{if DIST_BITS!=1}}
              if (w_dist > ONE_D) begin
                w_dist = w_dist - ONE_D;
              end
{{end}}
            end
            ph_d = PH_GEN;
            cur_d = {NB{1'b0}};
          end else begin
            ph_d = PH_TRAIN;
            cur_d = base[NB-1:0] + LANES_PER_CYCLE[NB-1:0];
          end
          // -- write the entry back
          wb_en = 1'b1;
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
          tia_step = 1'b1;
          if (!(|ad0_m) && lal_v_w && (lal_pc_w != ld_pc_i) && vic_ok) begin
            ev_alloc = 1'b1;
            ev_tcreate = 1'b1;
            tc_en = 1'b1;
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

      default: begin  // PH_TSCAN: the next TIA entry triggered by this PC
        for (i = ENTRIES - 1; i >= 0; i = i - 1) begin
          if ((i >= scn_q) && trig_m[i]) begin
            tfound = 1'b1;
            t_i = i[EB-1:0];
          end
        end
        if (tfound) begin
          ev_ttrig = 1'b1;
          tr_en = 1'b1;
          push_v = 1'b1;
          push_tag = {ld_pc_i, t_i, ld_warp_i, 1'b1, 1'b1};
          for (i = 0; i < ENTRIES; i = i + 1) begin
            if (t_i == i[EB-1:0]) begin
              push_line = addr_q[i*ADDR_BITS + LOGL +: LB];
              tslow = st_q[i*SW];
              scn_d = i[SB-1:0] + ONE_S;
            end
          end
          if (tslow && lal_v_w && (lal_pc_w != ld_pc_i)) begin
            ev_tmig = 1'b1;
            mig_en = 1'b1;
          end
        end else begin
          ack = 1'b1;
          for (w = 0; w < WARPS; w = w + 1) begin
            if (ld_warp_i == w[WB-1:0]) begin
              lalpc_d[w*PC_BITS +: PC_BITS] = ld_pc_i;
              lalv_d[w] = 1'b1;
            end
          end
        end
      end
    endcase

    // ---- the queue: the head leaves (present or issued), a push joins
    pop = offer & (pf_present_i | pf_ready_i);
    ev_present = offer & pf_present_i;
    ev_issue = offer & ~pf_present_i & pf_ready_i;
    acc = push_v & ((cnt_q != FULL_C) | pop);
    ev_full = push_v & ~acc;
    // an accepted FOA line: sent (01); the batch's last line dropped: 00
    sq_en = push_foa & (acc | ~more);
    sq_val = acc ? 2'b01 : 2'b00;
    hd_d = pop ? ((hd_q == LAST_Q) ? {QB{1'b0}} : hd_q + ONE_QB) : hd_q;
    tl_d = acc ? ((tl_q == LAST_Q) ? {QB{1'b0}} : tl_q + ONE_QB) : tl_q;
    if (acc & ~pop) begin
      cnt_d = cnt_q + ONE_CB;
    end else if (pop & ~acc) begin
      cnt_d = cnt_q - ONE_CB;
    end else begin
      cnt_d = cnt_q;
    end

    ev = {ev_tmig, ev_ttrig, ev_tcreate, ev_ddec, ev_dinc, |fill_m, ev_present, ev_issue, ev_full,
          nsup[KB-1:0], nmerge[KB-1:0], acc, ev_confirm, ntrain[KB-1:0], ev_alloc, ev_lookup};

    // ---- the load's end and reset: the trainer back to IDLE
    if (ack || rst_i) begin
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
    // ---- synchronous reset (the entries' and slots' parts in g_entry)
    if (rst_i) begin
      lalv_d = {WARPS{1'b0}};
      hd_d = {QB{1'b0}};
      tl_d = {QB{1'b0}};
      cnt_d = {CB{1'b0}};
    end
  end

  // -------------------------------------------------------------------------
  // Each entry: matches, then this cycle's updates in order (fill, present
  // drop, the load's write-back, the TIA step, TIA creation, TSCAN's trigger
  // and migration, the pushed line's PF State, reset)
  // -------------------------------------------------------------------------
  genvar gi;
  generate
    for (gi = 0; gi < ENTRIES; gi = gi + 1) begin : g_entry
      localparam [EB-1:0] IDX = gi;
      wire [1:0]           typ = type_q[gi*2 +: 2];
      wire [PC_BITS-1:0]   epc = pc_q[gi*PC_BITS +: PC_BITS];
      wire [ADDR_BITS-1:0] ead = addr_q[gi*ADDR_BITS +: ADDR_BITS];
      wire fok0 = fill_valid_i && (fill_tag_i[2 + WB +: EB] == IDX) &&
                  (fill_tag_i[2 + WB + EB +: PC_BITS] == epc) && (typ == (fill_tag_i[0] ? T_TIA : T_FOA));
      wire fok1 = offer && pf_present_i && (hd_tag[2 + WB +: EB] == IDX) &&
                  (hd_tag[2 + WB + EB +: PC_BITS] == epc) && (typ == (hd_tag[0] ? T_TIA : T_FOA));
      wire [SW-1:0] s0 = st_q[gi*SW +: SW];
      wire [SW-1:0] s1 = fok0 ? st_fill(s0, fill_tag_i[WB+1:0]) : s0;
      reg  [1:0]             t_n;
      reg  [PC_BITS-1:0]     p_n;
      reg  [ADDR_BITS-1:0]   a_n;
      reg  [OFFSET_BITS-1:0] o_n;
      reg                    ov_n;
      reg  [CONF_BITS-1:0]   c_n;
      reg  [TIDX_BITS-1:0]   ti_n;
      reg  [DIST_BITS-1:0]   d_n;
      reg  [SW-1:0]          s_n;

      assign foa_m[gi]  = (typ == T_FOA) && (epc == ld_pc_i);
      assign trig_m[gi] = (typ == T_TIA) && (epc == ld_pc_i);
      assign inv_m[gi]  = (typ == T_NONE);
      assign ad0_m[gi]  = (typ == T_TIA) && (ead == ad0);
      assign fill_m[gi] = fok0;
      assign stf[gi*SW +: SW] = fok1 ? st_fill(s1, hd_tag[WB+1:0]) : s1;

      always @* begin : entry_comb
        integer w;
        w    = 0;
        t_n  = typ;
        p_n  = epc;
        a_n  = ead;
        o_n  = off_q[gi*OFFSET_BITS +: OFFSET_BITS];
        ov_n = offv_q[gi];
        c_n  = conf_q[gi*CONF_BITS +: CONF_BITS];
        ti_n = tid_q[gi*TIDX_BITS +: TIDX_BITS];
        d_n  = dist_q[gi*DIST_BITS +: DIST_BITS];
        s_n  = stf[gi*SW +: SW];
        if (wb_en && (wb_i == IDX)) begin
          t_n  = T_FOA;
          p_n  = w_pc;
          a_n  = w_addr;
          o_n  = w_off;
          ov_n = w_offv;
          c_n  = w_conf;
          ti_n = w_tid;
          d_n  = w_dist;
          s_n  = w_st;
        end
        if (tia_step && ad0_m[gi]) begin
          s_n[0] = 1'b1;
        end
        if (tc_en && (vic_i == IDX)) begin
          t_n = T_TIA;
          p_n = lal_pc_w;
          a_n = ad0;
          c_n = w_conf;
          s_n = {SW{1'b0}};
        end
        if (tr_en && (t_i == IDX)) begin
          s_n[1] = 1'b1;
          if (mig_en) begin
            p_n = lal_pc_w;
            s_n[0] = 1'b0;
          end
        end
        if (sq_en && (ent_q == IDX)) begin
          for (w = 0; w < WARPS; w = w + 1) begin
            if (ld_warp_i == w[WB-1:0]) begin
              s_n[2*w +: 2] = sq_val;
            end
          end
        end
        if (rst_i) begin
          t_n  = T_NONE;
          ov_n = 1'b0;
        end
      end

      assign type_d[gi*2 +: 2]                   = t_n;
      assign pc_d[gi*PC_BITS +: PC_BITS]         = p_n;
      assign addr_d[gi*ADDR_BITS +: ADDR_BITS]   = a_n;
      assign off_d[gi*OFFSET_BITS +: OFFSET_BITS] = o_n;
      assign offv_d[gi]                          = ov_n;
      assign conf_d[gi*CONF_BITS +: CONF_BITS]   = c_n;
      assign tid_d[gi*TIDX_BITS +: TIDX_BITS]    = ti_n;
      assign dist_d[gi*DIST_BITS +: DIST_BITS]   = d_n;
      assign st_d[gi*SW +: SW]                   = s_n;
    end

    // ---- each queue slot: the push at the tail, else its age grows to ISSUE_LAT
    for (gi = 0; gi < PQ_DEPTH; gi = gi + 1) begin : g_qslot
      localparam [QB-1:0] IDX = gi;
      wire          take = acc && (tl_q == IDX);
      wire [AB-1:0] age = qage_q[gi*AB +: AB];
      assign qline_d[gi*LB +: LB] = take ? push_line : qline_q[gi*LB +: LB];
      assign qtag_d[gi*TGB +: TGB] = take ? push_tag : qtag_q[gi*TGB +: TGB];
      assign qage_d[gi*AB +: AB] = take ? {AB{1'b0}} :
                                   (age != ISSUE_LAT[AB-1:0]) ? age + ONE_A : age;
    end
  endgenerate

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
