// {{TOP}}: Mascar warp readiness checker with its warp status table, owner
// warp, EP/MP mode and per-scheduler issue selection, Sethia 2015 (PhD
// thesis, University of Michigan), chapter IV, §4.3.1, §4.3.2, §4.3.4.
//
// Cycle contract: docs/wrc.md (the C model csim/wrc.c implements the same
// page; co-simulation compares every output bit every cycle). "Issue
// selection" and "The edge" below refer to its "One cycle" part.
//
// Structure (one module, no submodules):
//   - selection: per age-list position k, the memory-ready / compute-ready
//     bits of its warp (mr_at, cr_at) and its scheduler (a constant lookup);
//     per scheduler a priority encoder over the positions gives the oldest
//     memory-ready and the oldest compute-ready warp of its set; in EP the
//     greedy warp overrides either when it qualifies. The LSU port chain
//     ("taken") is resolved from each scheduler's wish to issue memory: a
//     scheduler gets the port when no scheduler before it in the chain order
//     (rotated to start at the owner's scheduler in MP) wants it;
//   - the edge: the two views, busy, release/hold, the owner, pre bits and
//     the WST, with the reset folded into the _d logic;
//   - age list: survivors (positions < acnt_q whose warp does not exit)
//     followed by the launched warps in ascending id form one list of
//     2*WARPS candidates, compacted by a log-depth shift network (element i
//     moves down by the number of dropped elements before it, bit j of that
//     distance at stage j: collision-free, order preserving);
//   - per scheduler (generate g_sched) the greedy warp gv_q, gi_q with
//     clog2(N_s) index bits (neither when N_s = 1);
//   - owner idle counter idl_q (generate, only when OWNER_IDLE_TIMEOUT > 0).
//   All outputs are combinational functions of the state at the start of the
//   cycle and of this cycle's inputs; the only flip-flops are the state bits
//   of docs/wrc.md "State" (wrc_storage_bits() in csim/wrc_desc.c):
//     2W + OB + 1 + W + W + W*clog2(W) + clog2(W+1) + sum_{s: N_s > 1} (1 + clog2(N_s))
//     [+ clog2(T+1) when T = OWNER_IDLE_TIMEOUT > 0].
//
// Packing: element 0 in the least significant bits everywhere; age_q holds
// position k's warp in bits [k*WB +: WB]; iss_warp_o scheduler s's warp in
// [s*WB +: WB]; ev_o = {age_update, mode_switch, owner_change, wst_write,
// select} (LSB first).

`default_nettype none

module {{TOP}} #(
  parameter integer WARPS              = {{WARPS}},              // warps per SM (WST entries)
  parameter integer SCHEDULERS         = {{SCHEDULERS}},         // warp w belongs to scheduler w mod SCHEDULERS
  parameter integer MSHRS              = {{MSHRS}},              // the L1's MSHRs
  parameter integer MISSQ              = {{MISSQ}},              // the L1's miss-queue entries
  parameter integer SAT_MARGIN_MSHR    = {{SAT_MARGIN_MSHR}},    // saturated when at most this many MSHRs free
  parameter integer SAT_MARGIN_MQ      = {{SAT_MARGIN_MQ}},      // the same for the miss queue
  parameter integer SAT_HYST           = {{SAT_HYST}},           // leave MP this many entries below
  parameter integer OWNER_IDLE_TIMEOUT = {{OWNER_IDLE_TIMEOUT}}  // 0: the owner is never timed out
) (
  input  wire                                                  clk_i,
  input  wire                                                  rst_i,
  // warps entering / leaving (bit w = warp w)
  input  wire [WARPS-1:0]                                      launch_i,
  input  wire [WARPS-1:0]                                      exit_i,
  // hold view: the head at t+1 if the warp does not issue at t
  input  wire [WARPS-1:0]                                      hd_valid_i,
  input  wire [WARPS-1:0]                                      hd_mem_i,
  input  wire [WARPS-1:0]                                      hd_rdy_i,
  // advance view: the head at t+1 if the warp issues at t
  input  wire [WARPS-1:0]                                      ad_valid_i,
  input  wire [WARPS-1:0]                                      ad_mem_i,
  input  wire [WARPS-1:0]                                      ad_rdy_i,
  input  wire [WARPS-1:0]                                      llp_i,
  input  wire [WARPS-1:0]                                      bar_i,
  input  wire [WARPS-1:0]                                      lsu_pend_i,
  // re-execution queue
  input  wire [WARPS-1:0]                                      rq_has_i,
  input  wire                                                  rq_head_valid_i,
  input  wire [$clog2(WARPS)-1:0]                              rq_head_warp_i,
  input  wire                                                  lsu_rdy_i,
  // L1 occupancy
  input  wire [$clog2(MSHRS+1)-1:0]                            mshr_used_i,
  input  wire [$clog2(MISSQ+1)-1:0]                            mq_used_i,
  input  wire                                                  sat_ext_i,
  // issue, per scheduler
  output wire [SCHEDULERS-1:0]                                 iss_valid_o,
  output wire [SCHEDULERS*$clog2(WARPS)-1:0]                   iss_warp_o,
  output wire [SCHEDULERS-1:0]                                 iss_mem_o,
  // state
  output wire [$clog2(WARPS+1)-1:0]                            owner_o,
  output wire                                                  mode_o,
  output wire                                                  sat_o,
  output wire [WARPS-1:0]                                      wst_mem_o,
  output wire [WARPS-1:0]                                      wst_stall_o,
  output wire [WARPS-1:0]                                      pre_o,
  output wire [WARPS-1:0]                                      resident_o,
  // energy events: select, wst_write, owner_change, mode_switch, age_update
  output wire [$clog2(SCHEDULERS+1)+$clog2(WARPS+1)+3-1:0]     ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/wrc.md "Parameters"); WARPS >= 2, so clog2(WARPS) >= 1.
  // -------------------------------------------------------------------------
  localparam integer S    = SCHEDULERS;
  localparam integer WB   = $clog2(WARPS);           // warp id, age-list entry
  localparam integer WP   = 1 << WB;                 // per-warp vectors padded to every WB-bit id
  localparam integer OB   = $clog2(WARPS + 1);       // owner register, acnt_q
  localparam integer SB   = (S > 1) ? $clog2(S) : 1; // scheduler id
  localparam integer T    = OWNER_IDLE_TIMEOUT;
  localparam integer IB   = (T > 0) ? $clog2(T + 1) : 1;  // idl_q
  localparam integer MUB  = $clog2(MSHRS + 1);
  localparam integer QUB  = $clog2(MISSQ + 1);
  localparam integer SELW = $clog2(S + 1);           // ev select field
  localparam integer WRW  = $clog2(WARPS + 1);       // ev wst_write field
  localparam integer L    = 2 * WARPS;               // age-list compaction candidates
  localparam integer DB   = $clog2(L);               // compaction distance (0..L-1)

  localparam integer  MON_I  = MSHRS - SAT_MARGIN_MSHR;          // on at >= (>= 1)
  localparam integer  MOFF_I = MSHRS - SAT_MARGIN_MSHR - SAT_HYST;  // off below (>= 1)
  localparam integer  QON_I  = MISSQ - SAT_MARGIN_MQ;
  localparam integer  QOFF_I = MISSQ - SAT_MARGIN_MQ - SAT_HYST;
  localparam [MUB-1:0] MON   = MON_I[MUB-1:0];
  localparam [MUB-1:0] MOFF  = MOFF_I[MUB-1:0];
  localparam [QUB-1:0] QON   = QON_I[QUB-1:0];
  localparam [QUB-1:0] QOFF  = QOFF_I[QUB-1:0];
  localparam [OB-1:0]  NONE  = {OB{1'b1}};
  localparam [IB-1:0]  TMAX  = T[IB-1:0];
  localparam [IB-1:0]  ONE_IB = 1;
  localparam [DB-1:0]  ONE_DB = 1;
  localparam [OB-1:0]  ONE_OB = 1;
  localparam [SELW-1:0] ONE_SELW = 1;
  localparam [WRW-1:0]  ONE_WRW  = 1;

  // -------------------------------------------------------------------------
  // State (docs/wrc.md "State"); the _d values are the next state, reset
  // included. gv_q, gi_q and idl_q live in the generate blocks below.
  // -------------------------------------------------------------------------
  reg [WARPS-1:0]                              mem_q, mem_d;      // WST bit 0: head is a memory instruction
  reg [WARPS-1:0]                              stall_q, stall_d;  // WST bit 1: head may not issue
  (* fsm_encoding = "none" *) reg [OB-1:0]     own_q;             // owner warp, NONE = all ones
  reg [OB-1:0]                                 own_d;
  reg                                          mode_q, mode_d;    // 0 EP, 1 MP
  reg [WARPS-1:0]                              pre_q, pre_d;      // admitted at the EP->MP switch
  reg [WARPS-1:0]                              res_q, res_d;      // resident
  (* fsm_encoding = "none" *) reg [WARPS*WB-1:0] age_q;           // age list, oldest first
  reg [WARPS*WB-1:0]                           age_d;
  (* fsm_encoding = "none" *) reg [OB-1:0]     acnt_q;            // age list length
  reg [OB-1:0]                                 acnt_d;

  // per scheduler: greedy warp valid and id (from g_sched)
  wire [S-1:0]    gv;   // gv_q[s]
  wire [S*WB-1:0] gw;   // gi_q[s]*S + s
  // owner idle counter at its limit (from g_idle; 0 when T = 0)
  wire            idle_full;

  // -------------------------------------------------------------------------
  // Issue selection (combinational, from the state).
  // -------------------------------------------------------------------------
  reg [S-1:0]    iss_valid;  // per scheduler: a warp issues
  reg [S*WB-1:0] iss_warp;   // per scheduler: its warp (0 without an issue)
  reg [S-1:0]    iss_mem;    // per scheduler: it goes to the LSU
  reg [SB-1:0]   first;      // the chain's first scheduler

  always @* begin : sel_comb
    integer s, k, w, f, s2;
    reg [WP-1:0]    mr_p, cr_p;  // memory-/compute-ready, padded to WP bits
    reg [WP-1:0]    setm;        // constant: warps of scheduler s, padded
    reg [WB-1:0]    a;           // warp at position k
    reg [WARPS-1:0] mr_at, cr_at;  // per position: its warp is memory-/compute-ready
    reg             hm, hc;      // position k hits (memory / compute) in scheduler s's set
    reg             seen_m, seen_c;
    reg [WB-1:0]    om, oc;      // scheduler s's memory / compute pick
    reg [WB-1:0]    g;           // scheduler s's greedy warp
    reg [S-1:0]     any_c, want, blocked;
    reg [S*WB-1:0]  mw, cw;      // per scheduler: memory / compute pick
    reg             lsu_free, take;
    mr_p = {WP{1'b0}};
    cr_p = {WP{1'b0}};
    mr_p[WARPS-1:0] = res_q & ~stall_q & mem_q;
    cr_p[WARPS-1:0] = res_q & ~stall_q & ~mem_q;
    for (k = 0; k < WARPS; k = k + 1) begin
      a = age_q[k*WB +: WB];
      mr_at[k] = mr_p[a];
      cr_at[k] = cr_p[a];
    end
    for (s = 0; s < S; s = s + 1) begin
      for (w = 0; w < WP; w = w + 1) begin
        setm[w] = (w < WARPS) && ((w % S) == s);
      end
      seen_m = 1'b0;
      seen_c = 1'b0;
      om = {WB{1'b0}};
      oc = {WB{1'b0}};
      // oldest: the lowest position hitting (positions >= acnt_q hold warp
      // 0, which, when it hits, is resident and so at a lower position)
      for (k = 0; k < WARPS; k = k + 1) begin
        a  = age_q[k*WB +: WB];
        hm = mr_at[k] & setm[a];
        hc = cr_at[k] & setm[a];
        om = om | (a & {WB{hm & ~seen_m}});
        oc = oc | (a & {WB{hc & ~seen_c}});
        seen_m = seen_m | hm;
        seen_c = seen_c | hc;
      end
      // EP: greedy-then-oldest
      g = gw[s*WB +: WB];
      if (!mode_q && gv[s] && mr_p[g]) om = g;
      if (!mode_q && gv[s] && cr_p[g]) oc = g;
      any_c[s] = seen_c;
      mw[s*WB +: WB] = om;
      cw[s*WB +: WB] = oc;
      // EP: memory first; MP: memory only without compute
      want[s] = seen_m & (~mode_q | ~seen_c);
    end
    // chain order: the owner's scheduler first in MP, else scheduler 0
    first = {SB{1'b0}};
    for (f = 0; f < S; f = f + 1) begin
      for (w = 0; w < WARPS; w = w + 1) begin
        if (((w % S) == f) && mode_q && (own_q == w[OB-1:0])) first = f[SB-1:0];
      end
    end
    // a scheduler is blocked from the LSU port when one before it wants it
    blocked = {S{1'b0}};
    for (f = 0; f < S; f = f + 1) begin
      if (first == f[SB-1:0]) begin
        for (s = 0; s < S; s = s + 1) begin
          for (s2 = 0; s2 < S; s2 = s2 + 1) begin
            if (((s2 - f + S) % S) < ((s - f + S) % S)) blocked[s] = blocked[s] | want[s2];
          end
        end
      end
    end
    lsu_free = lsu_rdy_i;
    for (s = 0; s < S; s = s + 1) begin
      take = lsu_free & want[s] & ~blocked[s];
      iss_mem[s]   = take;
      iss_valid[s] = take | any_c[s];
      iss_warp[s*WB +: WB] = take ? mw[s*WB +: WB] : (any_c[s] ? cw[s*WB +: WB] : {WB{1'b0}});
    end
  end

  // -------------------------------------------------------------------------
  // The edge: mode, views, busy, owner, pre, WST (reset folded in).
  // -------------------------------------------------------------------------
  reg             imem_valid;  // a memory instruction issues
  reg [WB-1:0]    imem_warp;   // its warp (0 without)
  reg [WARPS-1:0] iss_w;       // per warp: issued this cycle
  reg             own_new;     // own_d != own_q

  always @* begin : edge_comb
    integer s, w;
    reg             on, off;
    reg [WARPS-1:0] imem_w, vv, vm, vr, busy, vmem, own_oh, own_d_oh, rqh_oh, rel_w;
    reg [OB-1:0]    imem_o, rqh_o;
    reg             own_valid, rel, keep, any_rdy, own_d_valid;
    // the flag and the mode
    on  = (mshr_used_i >= MON) | (mq_used_i >= QON) | sat_ext_i;
    off = (mshr_used_i < MOFF) & (mq_used_i < QOFF) & ~sat_ext_i;
    mode_d = on ? 1'b1 : (off ? 1'b0 : mode_q);
    // issued warps
    imem_valid = |iss_mem;
    imem_warp  = {WB{1'b0}};
    iss_w      = {WARPS{1'b0}};
    for (s = 0; s < S; s = s + 1) begin
      imem_warp = imem_warp | (iss_warp[s*WB +: WB] & {WB{iss_mem[s]}});
      for (w = 0; w < WARPS; w = w + 1) begin
        iss_w[w] = iss_w[w] | (iss_valid[s] & (iss_warp[s*WB +: WB] == w[WB-1:0]));
      end
    end
    imem_o = {OB{1'b0}};
    imem_o[WB-1:0] = imem_warp;
    rqh_o = {OB{1'b0}};
    rqh_o[WB-1:0] = rq_head_warp_i;
    for (w = 0; w < WARPS; w = w + 1) begin
      imem_w[w] = imem_valid & (imem_warp == w[WB-1:0]);
      own_oh[w] = (own_q == w[OB-1:0]);
      rqh_oh[w] = (rq_head_warp_i == w[WB-1:0]);
    end
    res_d = (res_q & ~exit_i) | launch_i;
    // the view at t+1
    vv   = (iss_w & ad_valid_i) | (~iss_w & hd_valid_i);
    vm   = (iss_w & ad_mem_i)   | (~iss_w & hd_mem_i);
    vr   = (iss_w & ad_rdy_i)   | (~iss_w & hd_rdy_i);
    busy = lsu_pend_i | rq_has_i | imem_w;
    vmem = res_d & vv & vm;
    // ownership: release, then the next owner
    own_valid = (own_q != NONE);
    rel_w = exit_i | bar_i | (llp_i & ~busy) | ({WARPS{idle_full}} & ~busy);
    rel   = |(own_oh & rel_w);
    keep  = own_valid & ~rel;
    any_rdy = |(vmem & vr & ~busy);
    if (!mode_d) begin
      own_d = NONE;
    end else if (keep) begin
      own_d = own_q;
    end else if (|(res_d & imem_w)) begin   // the memory issuer, unless it exits now
      own_d = imem_o;
    end else if (!any_rdy && rq_head_valid_i && (|(res_d & rqh_oh))) begin
      own_d = rqh_o;
    end else begin
      own_d = NONE;
    end
    own_d_valid = (own_d != NONE);
    for (w = 0; w < WARPS; w = w + 1) begin
      own_d_oh[w] = (own_d == w[OB-1:0]);
    end
    // admitted at the switch, the WST
    pre_d   = {WARPS{mode_d}} & res_d & ~iss_w & (mode_q ? pre_q : (mem_q & ~stall_q));
    mem_d   = vmem;
    stall_d = ~res_d | ~vv | ~vr | (vm & busy)
            | (vm & {WARPS{mode_d & own_d_valid}} & ~own_d_oh & ~pre_d);
    own_new  = (own_d != own_q);
    // reset
    if (rst_i) begin
      mode_d  = 1'b0;
      own_d   = NONE;
      pre_d   = {WARPS{1'b0}};
      res_d   = {WARPS{1'b0}};
      mem_d   = {WARPS{1'b0}};
      stall_d = {WARPS{1'b1}};
      own_new = 1'b0;
    end
  end

  // -------------------------------------------------------------------------
  // Age list: survivors in order, then launched warps in ascending id.
  // -------------------------------------------------------------------------
  reg [WP-1:0] exit_pad;  // exit_i padded to WP bits

  always @* begin : pad_comb
    exit_pad = {WP{1'b0}};
    exit_pad[WARPS-1:0] = exit_i;
  end

  reg age_upd;  // a launch or an exit rewrites the list

  always @* begin : age_comb
    integer i, j, m;
    reg [L-1:0]    cv, nv;      // candidate valid
    reg [L*WB-1:0] cd, nd;      // candidate warp
    reg [L*DB-1:0] cs, ns;      // remaining distance
    reg [DB-1:0]   cnt;
    reg [OB-1:0]   kept;       // candidates kept (at most WARPS by the protocol)
    reg            stay, mv;
    reg [WB-1:0]   a;
    for (i = 0; i < WARPS; i = i + 1) begin
      a = age_q[i*WB +: WB];
      cd[i*WB +: WB] = a;
      cv[i] = (i[OB-1:0] < acnt_q) & ~exit_pad[a];
      cd[(WARPS+i)*WB +: WB] = i[WB-1:0];
      cv[WARPS+i] = launch_i[i];
    end
    // distance: dropped candidates before i
    cnt  = {DB{1'b0}};
    kept = {OB{1'b0}};
    for (i = 0; i < L; i = i + 1) begin
      cs[i*DB +: DB] = cnt;
      cnt  = cnt + (cv[i] ? {DB{1'b0}} : ONE_DB);
      kept = kept + (cv[i] ? ONE_OB : {OB{1'b0}});
    end
    // stage j: move down by 2^j when bit j of the distance is set
    for (j = 0; j < DB; j = j + 1) begin
      for (i = 0; i < L; i = i + 1) begin
        m    = i + (1 << j);
        stay = cv[i] & ~cs[i*DB + j];
        mv   = (m < L) ? (cv[m] & cs[m*DB + j]) : 1'b0;
        nv[i] = stay | mv;
        if (stay) begin
          nd[i*WB +: WB] = cd[i*WB +: WB];
          ns[i*DB +: DB] = cs[i*DB +: DB];
        end else if (mv) begin
          nd[i*WB +: WB] = cd[m*WB +: WB];
          ns[i*DB +: DB] = cs[m*DB +: DB];
        end else begin
          nd[i*WB +: WB] = {WB{1'b0}};
          ns[i*DB +: DB] = {DB{1'b0}};
        end
      end
      cv = nv;
      cd = nd;
      cs = ns;
    end
    for (i = 0; i < WARPS; i = i + 1) begin
      age_d[i*WB +: WB] = cd[i*WB +: WB] & {WB{cv[i]}};
    end
    acnt_d  = kept;
    age_upd = (|launch_i) | (|exit_i);
    if (rst_i) begin
      age_d   = {(WARPS*WB){1'b0}};
      acnt_d  = {OB{1'b0}};
      age_upd = 1'b0;
    end
  end

  // -------------------------------------------------------------------------
  // Greedy warp per scheduler: the warp it issued, kept until it issues
  // another; forgotten when it exits. gi_q has clog2(N_s) bits.
  // -------------------------------------------------------------------------
  genvar gs;
  generate
    for (gs = 0; gs < S; gs = gs + 1) begin : g_sched
      localparam integer NS = (WARPS - gs + S - 1) / S;  // warps in the set
      localparam integer GB = (NS > 1) ? $clog2(NS) : 1;
      localparam integer  SVI = gs;
      localparam [WB-1:0] SV  = SVI[WB-1:0];
      wire [WB-1:0]    gwarp;  // the greedy warp's id
      if (NS > 1) begin : g_idx
        reg          gv_q;
        wire [WB-1:0] nwarp;  // the id after this cycle's issue
        wire         gv_n;
        assign nwarp = iss_valid[gs] ? iss_warp[gs*WB +: WB] : gwarp;
        localparam [WB-1:0] SW = S[WB-1:0];  // S < 2^WB when a set has two warps
        (* fsm_encoding = "none" *) reg [GB-1:0] gi_q;
        reg [GB-1:0] gi_n;  // the issued warp's index in the set
        reg [WB-1:0] gw_e;  // gi_q zero-extended
        always @* begin : gi_comb
          integer jj;
          reg [WB-1:0] id;  // warp jj*S + gs
          gi_n = {GB{1'b0}};
          id   = SV;
          for (jj = 0; jj < NS; jj = jj + 1) begin
            gi_n = gi_n | (jj[GB-1:0] & {GB{iss_warp[gs*WB +: WB] == id}});
            id   = id + SW;
          end
          gw_e = {WB{1'b0}};
          gw_e[GB-1:0] = gi_q;
        end
        assign gwarp = gw_e * SW + SV;
        assign gv_n  = (iss_valid[gs] | gv_q) & ~exit_pad[nwarp];
        always @(posedge clk_i) begin : gv_ff
          gv_q <= rst_i ? 1'b0 : gv_n;
        end
        assign gv[gs] = gv_q;
        always @(posedge clk_i) begin : gi_ff
          if (rst_i) begin
            gi_q <= {GB{1'b0}};
          end else if (iss_valid[gs]) begin
            gi_q <= gi_n;
          end
        end
      end else begin : g_noidx
        // one warp in the set: it is both the greedy and the oldest, no state
        assign gwarp  = SV;
        assign gv[gs] = 1'b0;
      end
      assign gw[gs*WB +: WB] = gwarp;
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Owner idle counter (OWNER_IDLE_TIMEOUT > 0).
  // -------------------------------------------------------------------------
  generate
    if (T > 0) begin : g_idle
      (* fsm_encoding = "none" *) reg [IB-1:0] idl_q;
      reg [OB-1:0] imem_o;    // imem_warp zero-extended
      reg          rst_idle;  // idl_d = 0: no owner, a new owner, an owner memory issue, reset
      always @* begin : idl_comb
        imem_o = {OB{1'b0}};
        imem_o[WB-1:0] = imem_warp;
        rst_idle = rst_i | (own_d == NONE) | (own_d != own_q) | (imem_valid & (imem_o == own_q));
      end
      always @(posedge clk_i) begin : idl_ff
        if (rst_idle) begin
          idl_q <= {IB{1'b0}};
        end else if (idl_q != TMAX) begin
          idl_q <= idl_q + ONE_IB;
        end
      end
      assign idle_full = (idl_q == TMAX);
    end else begin : g_noidle
      assign idle_full = 1'b0;
    end
  endgenerate

  // -------------------------------------------------------------------------
  // Events (zero in a reset cycle) and outputs.
  // -------------------------------------------------------------------------
  reg [SELW-1:0] ev_sel;
  reg [WRW-1:0]  ev_wst;

  always @* begin : ev_comb
    integer s, w;
    ev_sel = {SELW{1'b0}};
    ev_wst = {WRW{1'b0}};
    for (s = 0; s < S; s = s + 1) begin
      ev_sel = ev_sel + (iss_valid[s] ? ONE_SELW : {SELW{1'b0}});
    end
    for (w = 0; w < WARPS; w = w + 1) begin
      ev_wst = ev_wst + (((mem_d[w] ^ mem_q[w]) | (stall_d[w] ^ stall_q[w])) ? ONE_WRW : {WRW{1'b0}});
    end
    if (rst_i) begin
      ev_sel = {SELW{1'b0}};
      ev_wst = {WRW{1'b0}};
    end
  end

  assign iss_valid_o = iss_valid;
  assign iss_warp_o  = iss_warp;
  assign iss_mem_o   = iss_mem;
  assign owner_o     = own_q;
  assign mode_o      = mode_q;
  assign sat_o       = mode_d;
  assign wst_mem_o   = mem_q;
  assign wst_stall_o = stall_q;
  assign pre_o       = pre_q;
  assign resident_o  = res_q;
  assign ev_o        = {age_upd, ~rst_i & (mode_d != mode_q), own_new, ev_wst, ev_sel};

  // All other state registers (reset is folded into the _d logic above).
  always @(posedge clk_i) begin : state_ff
    mem_q   <= mem_d;
    stall_q <= stall_d;
    own_q   <= own_d;
    mode_q  <= mode_d;
    pre_q   <= pre_d;
    res_q   <= res_d;
    age_q   <= age_d;
    acnt_q  <= acnt_d;
  end

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/wrc.md "Protocol"; simulation only).
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i) begin
      if (|(launch_i & res_q)) begin
        $display("wrc: protocol violation: launch of a resident warp (launch_i=%h resident=%h)",
                 launch_i, res_q);
        $finish;
      end
      if (|(exit_i & ~res_q)) begin
        $display("wrc: protocol violation: exit of a non-resident warp (exit_i=%h resident=%h)",
                 exit_i, res_q);
        $finish;
      end
    end
  end
`endif

endmodule

`default_nettype wire
