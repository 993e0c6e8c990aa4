// {{TOP}}: two-level warp scheduler, Gebhart et al., ISCA 2011, §3.2, §3.3, §5.2.
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
// Selection GTO (Xie et al. 2017, Table 1) and TRWS (§4.2.3, Fig. 8; spec A21).
{{end}}
{{end}}
//
// Cycle contract: docs/sched2l.md (the C model csim/sched2l.c implements the
// same page; co-simulation compares every output bit every cycle). Step
// numbers "1." .. "6." below refer to its "One cycle" part, "edge n" to its
// "Next state at the edge" list.
//
// Structure (one module, no submodules):
//   - per warp: md, bd, dc, el of the contract (they depend on the slot's
//     warp only), act (holds a slot) and busy (its released slot is not free
//     yet, from a decode of every slot's warp id);
//   - per slot s: dc and el of its warp sw_q[s], read through the warp id;
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
//   - select (1.): a rotating first-eligible search over the slots, done as
//     "lowest eligible slot at or after the start, else lowest eligible slot"
//     (exact for any ACTIVE: no modular arithmetic);
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
//   - select (1., GTO and TRWS, docs/sched2l.md "GTO and TRWS"): per warp
//     E = the eligible warps of the active set and C = E (GTO), or for
//     TRWS E & prio_i when that is not empty, else E; the issued warp is
//     the greedy warp gw_q when it is in C, else the oldest warp of C by
//     the age matrix old_q (generate g_gto; with ACTIVE = 1 at most one
//     warp is eligible and g_gto1 has neither); its slot is the one that
//     holds it;
{{end}}
{{end}}
//   - exit (2.), demote (3.: lowest candidate slot), promote (4.: lowest free
//     slot, rotating first-candidate warp search from pp_q, same scheme);
//     the chosen slots are one-hot vectors, their ids and warps AND-OR
//     selections;
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
//   - next state (edge 1..4, in that order) with the reset folded in.
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
//   - next state (edge 1..4, in that order) with the reset folded in; the
//     greedy warp (edge 1) and the ages (edge 4) in g_gto.
{{end}}
{{end}}
//   All outputs are combinational functions of the state at the start of the
//   cycle and of this cycle's inputs; the only flip-flops are the state bits
//   of docs/sched2l.md "State" (s2l_storage_bits() in csim/sched2l_desc.c):
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
//     2*WARPS + ACTIVE*(1+wb) + 2*sb + 2*wb + 1, sb = clog2(ACTIVE),
//     wb = clog2(WARPS).
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
//     2*WARPS + ACTIVE*(1+wb) + sb + 2*wb + 1
//       + [ACTIVE >= 2]*(wb + 1 + WARPS*(WARPS-1)/2),
//     sb = clog2(ACTIVE), wb = clog2(WARPS) (GTO and TRWS have no last_q).
{{end}}
{{end}}
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
//   With ACTIVE = 1, last_q and ts_q (SB = 1 bit) are constant 0; with
//   WARPS = 1, so are sw_q, pp_q and tw_q (WB = 1 bit): synthesis removes
//   them, hence sb and wb (0 for a size of 1) rather than SB and WB.
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
//   With ACTIVE = 1, ts_q (SB = 1 bit) is constant 0; with WARPS = 1, so
//   are sw_q, pp_q and tw_q (WB = 1 bit): synthesis removes them, hence sb
//   and wb (0 for a size of 1) rather than SB and WB.
{{end}}
{{end}}
//
// Packing: element 0 in the least significant bits everywhere; sw_q and
// slot_warp_o hold slot s's warp in bits [s*WB +: WB].

`default_nettype none

module {{TOP}} #(
  parameter integer WARPS          = {{WARPS}},          // resident warps (outer level)
  parameter integer ACTIVE         = {{ACTIVE}},         // active-set slots (inner level)
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
  parameter integer SELECT         = {{SELECT}},         // 0 GREEDY, 1 RR
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
  parameter integer SELECT         = {{SELECT}},         // 0 GREEDY, 1 RR, 2 GTO, 3 TRWS
{{end}}
{{end}}
  parameter integer SUSPEND        = {{SUSPEND}},        // 0 ALWAYS, 1 PENDING
  parameter integer BARRIER_DEMOTE = {{BARRIER_DEMOTE}}  // 1: demote warps blocked at a barrier
) (
  input  wire                                                   clk_i,
  input  wire                                                   rst_i,
  // per-warp status of the next instruction (bit w = warp w)
  input  wire [WARPS-1:0]                                       rdy_i,
  input  wire [WARPS-1:0]                                       mark_i,
  input  wire [WARPS-1:0]                                       llp_i,
  input  wire [WARPS-1:0]                                       bar_i,
  input  wire [WARPS-1:0]                                       fin_i,
  input  wire [WARPS-1:0]                                       launch_i,
  // per-slot: the register-file-cache side of the slot is free
  input  wire [ACTIVE-1:0]                                      slot_free_i,
{{if SELECT==TRWS}}
  // per-warp TRWS priority (memra's prio_o); read for eligible warps only
  input  wire [WARPS-1:0]                                       prio_i,
{{end}}
  // issue (1.)
  output wire                                                   iss_valid_o,
  output wire [((ACTIVE > 1) ? $clog2(ACTIVE) : 1)-1:0]         iss_slot_o,
  output wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           iss_warp_o,
  // TAG-stage register (5.)
  output wire                                                   tag_valid_o,
  output wire [((ACTIVE > 1) ? $clog2(ACTIVE) : 1)-1:0]         tag_slot_o,
  output wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           tag_warp_o,
  // demotion (3.)
  output wire                                                   dem_valid_o,
  output wire [((ACTIVE > 1) ? $clog2(ACTIVE) : 1)-1:0]         dem_slot_o,
  output wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           dem_warp_o,
  output wire                                                   dem_cause_o,
  // promotion (4.)
  output wire                                                   pro_valid_o,
  output wire [((ACTIVE > 1) ? $clog2(ACTIVE) : 1)-1:0]         pro_slot_o,
  output wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           pro_warp_o,
  // exit (2.)
  output wire                                                   ext_valid_o,
  output wire [((ACTIVE > 1) ? $clog2(ACTIVE) : 1)-1:0]         ext_slot_o,
  output wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]           ext_warp_o,
  // state outputs (5.)
  output wire [ACTIVE-1:0]                                      slot_valid_o,
  output wire [ACTIVE*((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]    slot_warp_o,
  output wire [WARPS-1:0]                                       active_o,
  output wire [WARPS-1:0]                                       resident_o,
  // energy events (6.): select, demote, promote, exit (LSB first)
  output wire [3:0]                                             ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/sched2l.md "Derived widths")
  // -------------------------------------------------------------------------
  localparam integer SB = (ACTIVE > 1) ? $clog2(ACTIVE) : 1;  // slot id
  localparam integer WB = (WARPS > 1) ? $clog2(WARPS) : 1;    // warp id
  localparam integer WP = 1 << WB;  // per-warp vectors padded to every WB-bit id

  localparam integer  LAST_W    = WARPS - 1;
  localparam integer  PP_RST    = ACTIVE % WARPS;
  localparam [WB-1:0] LAST_WARP = LAST_W[WB-1:0];             // WARPS-1
  localparam [WB-1:0] ONE_WB    = 1;
  localparam [WB-1:0] PP_RESET  = PP_RST[WB-1:0];             // ACTIVE mod WARPS

  // -------------------------------------------------------------------------
  // State (docs/sched2l.md "State"); the _d vectors are the next state,
  // reset included.
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
  // GTO and TRWS: no last_q; the greedy warp and the ages are in g_gto.
{{end}}
{{end}}
  // -------------------------------------------------------------------------
  reg [WARPS-1:0]     res_q, res_d;  // warp is resident
  reg [WARPS-1:0]     rsm_q, rsm_d;  // warp was demoted for its current marked instruction
  reg [ACTIVE-1:0]    sv_q, sv_d;    // slot holds a warp
  reg [ACTIVE*WB-1:0] sw_q, sw_d;    // slot's warp (kept after release)
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
  reg [SB-1:0]        last_q, last_d;  // slot of the last issue
{{end}}
{{end}}
  reg [WB-1:0]        pp_q, pp_d;    // promotion round-robin pointer
  reg                 tv_q, tv_d;    // TAG stage valid
  reg [SB-1:0]        ts_q, ts_d;    // TAG stage slot
  reg [WB-1:0]        tw_q, tw_d;    // TAG stage warp

  // -------------------------------------------------------------------------
  // Per slot: md, bd, dc, el (a slot with sv_q = 0 has all four 0). They are
  // functions of the slot's warp only, so they are formed per warp (the _w
  // vectors, padded to WP bits so that any WB-bit warp id indexes them; sw_q
  // only ever holds ids < WARPS) and each slot reads dc and el through its
  // warp id; bd is only needed for the demoted slot (dem_cause_o).
  // Per warp: act (holds a slot) and busy (its released slot is not free yet).
  // -------------------------------------------------------------------------
  reg [WP-1:0]     md_w;   // per warp: demote for a mark
  reg [WP-1:0]     bd_w;   // per warp: demote for a barrier
  reg [WP-1:0]     dc_w;   // per warp: demotion candidate
  reg [WP-1:0]     el_w;   // per warp: eligible to issue
  reg [WP-1:0]     fin_w;  // fin_i padded to WP bits
  reg [ACTIVE-1:0] dc;     // per slot: demotion candidate
  reg [ACTIVE-1:0] el;     // per slot: eligible to issue
  reg [WARPS-1:0]  act;    // warp holds a slot
  reg [WARPS-1:0]  busy;   // warp's previous slot is released but not free

  always @* begin : slot_comb
    integer s, w;
    reg [WB-1:0] sw;
    md_w  = {WP{1'b0}};
    bd_w  = {WP{1'b0}};
    fin_w = {WP{1'b0}};
    md_w[WARPS-1:0]  = mark_i & ~rsm_q & ((SUSPEND == 0) ? {WARPS{1'b1}} : llp_i);
    bd_w[WARPS-1:0]  = (BARRIER_DEMOTE != 0) ? bar_i : {WARPS{1'b0}};
    fin_w[WARPS-1:0] = fin_i;
    dc_w = md_w | bd_w;
    el_w = {WP{1'b0}};
    el_w[WARPS-1:0] = rdy_i & ~bar_i & ~dc_w[WARPS-1:0];
    act  = {WARPS{1'b0}};
    busy = {WARPS{1'b0}};
    for (s = 0; s < ACTIVE; s = s + 1) begin
      sw = sw_q[s*WB +: WB];
      dc[s] = sv_q[s] & dc_w[sw];
      el[s] = sv_q[s] & el_w[sw];
      for (w = 0; w < WARPS; w = w + 1) begin
        act[w]  = act[w] | (sv_q[s] & (sw == w[WB-1:0]));
        busy[w] = busy[w] | (~sv_q[s] & ~slot_free_i[s] & (sw == w[WB-1:0]));
      end
    end
  end

  // -------------------------------------------------------------------------
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
  // 1. Select: the first s in start, start+1, ... (mod ACTIVE) with el[s];
  //    start = last_q (GREEDY) or (last_q + 1) mod ACTIVE (RR). As last_q <
  //    ACTIVE, that is the lowest eligible s >= start if one exists (s >
  //    last_q for RR; none when last_q = ACTIVE-1, i.e. start = 0), else the
  //    lowest eligible s.
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
  // 1. Select (GTO, TRWS): the slot of the warp that g_gto selects
  //    (gto_pick, one-hot: a warp holds at most one slot).
{{end}}
{{end}}
  // 2. Exit: the issued instruction is EXIT.
  // 3. Demote: the lowest s with dc[s]; cause = bd of its warp.
  // The chosen slots are formed one-hot (iss_oh, dem_oh), their ids and
  // warps by an AND-OR over the slots.
  // -------------------------------------------------------------------------
  reg              iss_valid;
  reg [ACTIVE-1:0] iss_oh;     // issued slot, one-hot (0 without an issue)
  reg [SB-1:0]     iss_slot;   // 0 without an issue
  reg [WB-1:0]     iss_warp;   // 0 without an issue
  reg              ext_valid;
  reg              dem_valid;
  reg [ACTIVE-1:0] dem_oh;     // demoted slot, one-hot (0 without a demotion)
  reg [SB-1:0]     dem_slot;   // 0 without a demotion
  reg [WB-1:0]     dem_warp;   // 0 without a demotion
  reg              dem_cause;  // 0 without a demotion
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
  wire [ACTIVE-1:0] gto_pick;  // GTO, TRWS: the selected warp's slot, one-hot (g_gto)
{{end}}
{{end}}

  always @* begin : select_comb
    integer s;
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
    reg [ACTIVE-1:0] el_hi;  // eligible slots at or after start
    reg [ACTIVE-1:0] pick;   // el_hi when it has a bit, else el
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
    reg [ACTIVE-1:0] pick;   // the selected warp's slot (one-hot already)
{{end}}
{{end}}
    reg              seen_i, seen_d;
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
    for (s = 0; s < ACTIVE; s = s + 1) begin
      if (SELECT == 0) begin
        el_hi[s] = el[s] & (s[SB-1:0] >= last_q);
      end else begin
        el_hi[s] = el[s] & (s[SB-1:0] > last_q);
      end
    end
    pick = (|el_hi) ? el_hi : el;
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
    pick = gto_pick;
{{end}}
{{end}}
    seen_i   = 1'b0;
    seen_d   = 1'b0;
    iss_slot = {SB{1'b0}};
    iss_warp = {WB{1'b0}};
    dem_slot = {SB{1'b0}};
    dem_warp = {WB{1'b0}};
    for (s = 0; s < ACTIVE; s = s + 1) begin
      iss_oh[s] = pick[s] & ~seen_i;
      seen_i    = seen_i | pick[s];
      dem_oh[s] = dc[s] & ~seen_d;
      seen_d    = seen_d | dc[s];
      iss_slot  = iss_slot | (s[SB-1:0] & {SB{iss_oh[s]}});
      iss_warp  = iss_warp | (sw_q[s*WB +: WB] & {WB{iss_oh[s]}});
      dem_slot  = dem_slot | (s[SB-1:0] & {SB{dem_oh[s]}});
      dem_warp  = dem_warp | (sw_q[s*WB +: WB] & {WB{dem_oh[s]}});
    end
    iss_valid = |el;
    ext_valid = iss_valid & fin_w[iss_warp];
    dem_valid = |dc;
    dem_cause = dem_valid & bd_w[dem_warp];
  end

{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
  // -------------------------------------------------------------------------
  // 1. Select, GTO and TRWS (docs/sched2l.md "GTO and TRWS"). E[w] = act[w]
  //    & el of w's slot (el_w: el is a function of the warp); C = E (GTO),
  //    or for TRWS E & prio_i when that is not empty, else E. The issued
  //    warp: gw_q when gv_q and C[gw_q] (the greedy warp), else the oldest
  //    warp of C, the w in C that no other v in C is older than, with
  //    older(v, w) = old_q[pair(v, w)] for v < w, !old_q[pair(w, v)] for
  //    v > w; pair(a, b) = a*WARPS - a*(a+1)/2 + (b-a-1) for a < b.
  //    Edge 1: gw_q = the issued warp, gv_q = !ext_valid; edge 4: a launch
  //    makes the launched warps younger than every warp not launched with
  //    them (old_q = 1 when b is launched, else 0 when a is launched);
  //    reset: gv_q = 0, gw_q = 0, every old_q = 1 (ages = ids).
  //    With ACTIVE = 1 at most one warp is eligible: el is the pick, and
  //    neither the greedy warp nor the ages exist (g_gto1).
  // -------------------------------------------------------------------------
  generate
    genvar ga, gb;
    // (SELECT >= 2 holds wherever this text is generated: GTO or TRWS)
    if (SELECT >= 2 && ACTIVE >= 2) begin : g_gto
      localparam integer NP = WARPS * (WARPS - 1) / 2;  // warp pairs a < b
      reg  [WB-1:0]          gw_q;    // the greedy warp (the warp of the last issue)
      reg                    gv_q;    // gw_q is valid (0 after reset and after its EXIT)
      reg  [NP-1:0]          old_q;   // ages: old_q[pair(a, b)] = warp a is older than warp b
      wire [WB-1:0]          gw_d;
      wire                   gv_d;
      wire [NP-1:0]          old_d;
      wire [WARPS-1:0]       elig;    // E: eligible warps in the active set
      wire [WARPS-1:0]       cset;    // C: the warps the selection is among
      reg  [WP-1:0]          cset_p;  // C padded to WP bits (indexed by gw_q)
      wire [WARPS*WARPS-1:0] oterm;   // [w*WARPS + v]: v does not keep w from being the oldest of C
      wire [WARPS-1:0]       oldest;  // the oldest warp of C, one-hot (0 when C is empty)
      reg                    greedy;  // the greedy warp is in C
      reg  [WP-1:0]          gsel;    // the issued warp, one-hot, padded to WP bits
      reg  [ACTIVE-1:0]      gslot;   // its slot, one-hot

      assign elig = el_w[WARPS-1:0] & act;
{{if SELECT==TRWS}}
      assign cset = (|(elig & prio_i)) ? (elig & prio_i) : elig;
{{else}}
      assign cset = elig;
{{end}}
      for (ga = 0; ga < WARPS; ga = ga + 1) begin : g_row
        for (gb = 0; gb < WARPS; gb = gb + 1) begin : g_col
          if (ga == gb) begin : g_diag
            assign oterm[ga*WARPS + gb] = 1'b1;
          end else if (gb < ga) begin : g_lo
            // v = gb < w = ga: older(v, w) = old_q[pair(gb, ga)]; oterm =
            // !C[v] | !older(v, w)
            assign oterm[ga*WARPS + gb] = ~cset[gb] | ~old_q[gb*WARPS - gb*(gb+1)/2 + (ga-gb-1)];
          end else begin : g_hi
            // v = gb > w = ga: older(v, w) = !old_q[pair(ga, gb)]; oterm =
            // !C[v] | !older(v, w); and the update of that pair (edge 4, reset)
            localparam integer PI = ga*WARPS - ga*(ga+1)/2 + (gb-ga-1);
            assign oterm[ga*WARPS + gb] = ~cset[gb] | old_q[PI];
            assign old_d[PI] = rst_i | launch_i[gb] | (~launch_i[ga] & old_q[PI]);
          end
        end
        assign oldest[ga] = cset[ga] & (&oterm[ga*WARPS +: WARPS]);
      end

      always @* begin : gto_comb
        integer w, s;
        cset_p = {WP{1'b0}};
        cset_p[WARPS-1:0] = cset;
        greedy = gv_q & cset_p[gw_q];
        for (w = 0; w < WP; w = w + 1) begin
          if (w < WARPS) begin
            gsel[w] = greedy ? (gw_q == w[WB-1:0]) : oldest[w];
          end else begin
            gsel[w] = 1'b0;
          end
        end
        for (s = 0; s < ACTIVE; s = s + 1) begin
          gslot[s] = sv_q[s] & gsel[sw_q[s*WB +: WB]];
        end
      end
      assign gto_pick = gslot;

      // edge 1 (the greedy warp) and reset
      assign gw_d = rst_i ? {WB{1'b0}} : (iss_valid ? iss_warp : gw_q);
      assign gv_d = ~rst_i & (iss_valid ? ~ext_valid : gv_q);

      always @(posedge clk_i) begin : gto_ff
        gw_q  <= gw_d;
        gv_q  <= gv_d;
        old_q <= old_d;
      end
    end else begin : g_gto1
      // one slot (ACTIVE = 1): at most one eligible warp, so el is the
      // selection
{{if SELECT==TRWS}}
      /* verilator lint_off UNUSED */
      wire unused_prio = ^prio_i;  // nothing to choose between
      /* verilator lint_on UNUSED */
{{end}}
      assign gto_pick = el;
    end
  endgenerate

{{end}}
{{end}}
  // -------------------------------------------------------------------------
  // 4. Promote: cand[w] = res & !act & !llp & !bar & !busy; the warp is the
  //    first candidate in pp_q, pp_q+1, ... (mod WARPS), i.e. the lowest
  //    candidate >= pp_q, else the lowest candidate (pp_q < WARPS); the slot
  //    is the lowest s with !sv_q[s] & slot_free_i[s]. Both exist or there
  //    is no promotion.
  // -------------------------------------------------------------------------
  reg              pro_valid;
  reg [ACTIVE-1:0] pro_oh;    // promotion slot, one-hot (0 without a promotion)
  reg [SB-1:0]     pro_slot;  // 0 without a promotion
  reg [WB-1:0]     pro_warp;  // 0 without a promotion

  always @* begin : promote_comb
    integer s, w;
    reg [WARPS-1:0]  cand, cand_hi;
    reg [WARPS-1:0]  pick;  // cand_hi when it has a bit, else cand
    reg [ACTIVE-1:0] free;
    reg              seen;
    cand = res_q & ~act & ~llp_i & ~bar_i & ~busy;
    for (w = 0; w < WARPS; w = w + 1) begin
      cand_hi[w] = cand[w] & (w[WB-1:0] >= pp_q);
    end
    pick = (|cand_hi) ? cand_hi : cand;
    free = ~sv_q & slot_free_i;
    pro_valid = (|cand) & (|free);
    seen     = 1'b0;
    pro_warp = {WB{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      pro_warp = pro_warp | (w[WB-1:0] & {WB{pick[w] & ~seen & pro_valid}});
      seen     = seen | pick[w];
    end
    seen     = 1'b0;
    pro_slot = {SB{1'b0}};
    for (s = 0; s < ACTIVE; s = s + 1) begin
      pro_oh[s] = free[s] & ~seen & pro_valid;
      seen      = seen | free[s];
      pro_slot  = pro_slot | (s[SB-1:0] & {SB{pro_oh[s]}});
    end
  end

  // -------------------------------------------------------------------------
  // Outputs (1.-6.): every field zero when its valid bit is zero.
  // -------------------------------------------------------------------------
  reg [ACTIVE*WB-1:0] slot_warp;  // sw_q with released slots zeroed

  always @* begin : slot_out_comb
    integer s;
    for (s = 0; s < ACTIVE; s = s + 1) begin
      slot_warp[s*WB +: WB] = sw_q[s*WB +: WB] & {WB{sv_q[s]}};
    end
  end

  assign iss_valid_o  = iss_valid;
  assign iss_slot_o   = iss_slot;
  assign iss_warp_o   = iss_warp;
  assign ext_valid_o  = ext_valid;
  assign ext_slot_o   = iss_slot & {SB{ext_valid}};
  assign ext_warp_o   = iss_warp & {WB{ext_valid}};
  assign dem_valid_o  = dem_valid;
  assign dem_slot_o   = dem_slot;
  assign dem_warp_o   = dem_warp;
  assign dem_cause_o  = dem_cause;
  assign pro_valid_o  = pro_valid;
  assign pro_slot_o   = pro_slot;
  assign pro_warp_o   = pro_warp;
  assign tag_valid_o  = tv_q;
  assign tag_slot_o   = ts_q & {SB{tv_q}};
  assign tag_warp_o   = tw_q & {WB{tv_q}};
  assign slot_valid_o = sv_q;
  assign slot_warp_o  = slot_warp;
  assign active_o     = act;
  assign resident_o   = res_q;
  assign ev_o         = {ext_valid, pro_valid, dem_valid, iss_valid};

  // -------------------------------------------------------------------------
  // Next state at the edge, in the contract's order (edge 1: issue and exit,
  // TAG register; edge 2: demotion; edge 3: promotion; edge 4: launch), or
  // the reset state.
  // -------------------------------------------------------------------------
  always @* begin : next_comb
    integer s, w;
    reg [WARPS-1:0] iss_w;  // the issued warp, one-hot (0 without an issue)
    reg [WARPS-1:0] dmk_w;  // the warp demoted for a mark, one-hot
    for (w = 0; w < WARPS; w = w + 1) begin
      iss_w[w] = iss_valid & (iss_warp == w[WB-1:0]);
      dmk_w[w] = dem_valid & ~dem_cause & (dem_warp == w[WB-1:0]);
    end
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
    // edge 1: issue (last_q, rsm_q), exit (res_q, sv_q), TAG register
{{end}}
{{end}}
{{if SELECT!=GREEDY}}
{{if SELECT!=RR}}
    // edge 1: issue (rsm_q; the greedy warp in g_gto), exit (res_q, sv_q),
    // TAG register
{{end}}
{{end}}
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
    last_d = iss_valid ? iss_slot : last_q;
{{end}}
{{end}}
    rsm_d  = rsm_q & ~iss_w;
    res_d  = res_q & ~(iss_w & {WARPS{ext_valid}});
    sv_d   = sv_q & ~(iss_oh & {ACTIVE{ext_valid}});
    tv_d   = iss_valid & ~ext_valid;
    ts_d   = iss_slot;
    tw_d   = iss_warp;
    // edge 2: demotion
    sv_d   = sv_d & ~dem_oh;
    rsm_d  = rsm_d | dmk_w;
    // edge 3: promotion
    sv_d   = sv_d | pro_oh;
    for (s = 0; s < ACTIVE; s = s + 1) begin
      sw_d[s*WB +: WB] = pro_oh[s] ? pro_warp : sw_q[s*WB +: WB];
    end
    if (pro_valid) begin
      pp_d = (pro_warp == LAST_WARP) ? {WB{1'b0}} : (pro_warp + ONE_WB);
    end else begin
      pp_d = pp_q;
    end
    // edge 4: launch
    res_d  = res_d | launch_i;
    // reset: every warp resident, slot s holds warp s
    if (rst_i) begin
      res_d  = {WARPS{1'b1}};
      rsm_d  = {WARPS{1'b0}};
      sv_d   = {ACTIVE{1'b1}};
      for (s = 0; s < ACTIVE; s = s + 1) begin
        sw_d[s*WB +: WB] = s[WB-1:0];
      end
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
      last_d = {SB{1'b0}};
{{end}}
{{end}}
      pp_d   = PP_RESET;
      tv_d   = 1'b0;
      ts_d   = {SB{1'b0}};
      tw_d   = {WB{1'b0}};
    end
  end

  // All state registers (reset is folded into the _d logic above).
  always @(posedge clk_i) begin : state_ff
    res_q  <= res_d;
    rsm_q  <= rsm_d;
    sv_q   <= sv_d;
    sw_q   <= sw_d;
{{if SELECT!=GTO}}
{{if SELECT!=TRWS}}
    last_q <= last_d;
{{end}}
{{end}}
    pp_q   <= pp_d;
    tv_q   <= tv_d;
    ts_q   <= ts_d;
    tw_q   <= tw_d;
  end

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/sched2l.md "Protocol"; simulation only). The
  // per-warp vectors are WARPS bits wide, so w >= WARPS cannot be set.
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  wire [WARPS-1:0] any_status = rdy_i | mark_i | llp_i | bar_i | fin_i;

  // Checked at every rising edge with rst_i = 0, on this cycle's inputs and
  // the state at the start of the cycle.
  always @(posedge clk_i) begin
    if (!rst_i) begin
      if (|(launch_i & res_q)) begin
        $display("sched2l: protocol violation: launch of a resident warp (launch_i=%h resident=%h)",
                 launch_i, res_q);
        $finish;
      end
      if (|(fin_i & (mark_i | bar_i))) begin
        $display("sched2l: protocol violation: fin_i with mark_i or bar_i (fin_i=%h)", fin_i);
        $finish;
      end
      if (|(any_status & ~res_q)) begin
        $display("sched2l: protocol violation: status input for a non-resident warp (%h)",
                 any_status & ~res_q);
        $finish;
      end
    end
  end
`endif

endmodule

`default_nettype wire
