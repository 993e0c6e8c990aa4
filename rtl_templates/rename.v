// {{TOP}}: register renaming table with release hints, release flag cache and
// power-gating outputs, Jeon & Annavaram, USC CENG-2014-05, §5-§7.
//
// Cycle contract: docs/rename.md (the C model csim/rename.c implements the
// same page; co-simulation compares every output bit every cycle). Step
// numbers "1." .. "7." below refer to its "One cycle" part.
//
// Structure (one module, no submodules):
//   - renaming table: rtv_q (valid, one vector of RT_ENTRIES bits, cleared in
//     one cycle at launch) and rtp_q (physical ids) held as RT_BANKS per-bank
//     arrays of ROWS = RT_ENTRIES/RT_BANKS rows (generate loop g_bank). Entry
//     L = w*R + r sits in bank L mod RT_BANKS, row L div RT_BANKS. Each bank
//     has one read port (row b_row) and one write port (at most one install
//     per bank per cycle, 6.);
//   - lookup (3.): the operation's nine slots (INSN: sources, then the
//     destination in slot S; PBR: the release list) claim banks in slot order
//     (a later slot with the same L shares the read); an EXIT sweep claims the
//     banks of group swp_q instead. The per-bank claim (cl_v, cl_l) is the
//     bank's read address; every served slot takes its bank's read data;
//   - release flag cache (2.): tags fct_q compared in parallel, payloads fcf_q
//     an array read once per cycle at the operation's cursor; the victim is
//     the lowest invalid entry, else the first unpinned entry at or after
//     fvp_q (pins: one decoded cursor per warp other than pir_warp_i);
//   - release bits, completion, pending-free lists pfv_q/pfp_q (3., 5.):
//     pfp_q is an array of one row (PF_DEPTH ids) per warp;
//   - allocation (6.): per port in order, a find-first over the free ids
//     (~occ_q minus earlier ports' grants) under POLICY, done as a two-level
//     search (first non-empty 64-bit chunk, then the first bit in it);
//   - power (7.): reg_on_o = occ_q | grants, dom_on_o from an OR-fold of each
//     sub-array's occupancy into its RF_BANKS domains;
//   - next state with launch and reset folded in; single-bit updates of the
//     wide vectors (rtv_q, occ_q) are decoded masks (1 << index).
//   All outputs are combinational functions of the state at the start of the
//   cycle and of this cycle's inputs; the only flip-flops are the state bits
//   of docs/rename.md "State" (rn_storage_bits() in csim/rename_desc.c):
//     12 + RT_ENTRIES*(1+PB) + PHYS_REGS + FC_ENTRIES*(1+PC_BITS+18*S) + fb
//     + WARPS*(1+fb+5) + WARPS*PF_DEPTH*(1+PB) + WARPS*4 + 9 + (S+1)*(PB+1)
//     + 6 [+ PB for WEAR_LEVEL],  fb = clog2(FC_ENTRIES), PB = clog2(PHYS_REGS).
//   With FC_ENTRIES = 1, fvp_q and ci_q (FB = 1 bit) are constant 0 and
//   synthesis removes them; last_q has no reader unless POLICY = WEAR_LEVEL.
//
// Packing: element 0 in the least significant bits everywhere; per-warp
// fields of warp w at [w*width +: width] (cursor entry ci_q, slot cs_q,
// operand-read count oc_q, pending valid pfv_q); fct_q entry e at
// [e*PC_BITS +: PC_BITS]; fcf_q[e] holds flag j of pir slot i at bit S*i+j.
//
// Reset (rst_i, synchronous, active high) and launch clear every valid bit;
// rtp_q, fct_q, fcf_q, pfp_q and opp_q are not reset (read only behind a valid
// bit).
{{if TFET_ROWS}}
//
// TFET register classes (Xie et al. 2017 on Jeon's table; docs/rename.md "TFET
// register classes"): TFET ids are the top TFET_ROWS rows of every register
// bank, i.e. the ids >= PT = PHYS_REGS - RF_BANKS*TFET_ROWS (TMASK, a
// constant: the class is a function of the id, not stored). Each allocation
// port picks its class set from avail_k (C = CMOS, T = TFET) under CLASS
// (NONE: avail_k; CMOS_RA: C, else T; MEM_RA: alc_tfet_i ? (T, else C) :
// (C, else T); a load: C only) and chooses the id inside it by POLICY with
// the same two find-firsts as Jeon's search (avail holds the class set while
// the port picks). Per-port class of the grant, per-source class at rename,
// free TFET ids, four class events.
{{end}}
{{if GATING==STATIC}}
//
// GATING = STATIC (Xie §4.1.2.1, spec A17): for the whole kernel the TFET rows
// and the lowest gb_q CMOS rows of every bank are powered (pwr), the rest is
// gated and never allocated; gb_q comes from the launch shape (static_comb).
// reg_on_o / dom_on_o follow pwr, not the occupancy; no wake-up events.
// Storage: + GW bits (gb_q).
{{end}}

`default_nettype none

module {{TOP}} #(
  parameter integer WARPS        = {{WARPS}},         // warp slots of the SM
  parameter integer REGS         = {{REGS}},          // largest registers per thread
  parameter integer PHYS_REGS    = {{PHYS_REGS}},     // physical warp-registers (power of 2)
  parameter integer RT_ENTRIES   = {{RT_ENTRIES}},    // table entries (multiple of RT_BANKS)
  parameter integer RT_BANKS     = {{RT_BANKS}},      // table banks (1, 2, 4, 8)
  parameter integer RF_BANKS     = {{RF_BANKS}},      // register banks (low id bits)
  parameter integer SUBARRAYS    = {{SUBARRAYS}},     // sub-arrays per bank (top id bits)
  parameter integer POLICY       = {{POLICY}},        // 0 CONSOLIDATE, 1 LOWEST_FIRST, 2 WEAR_LEVEL
  parameter integer LOOKUP_PORTS = {{LOOKUP_PORTS}},  // sources + destination
  parameter integer EXEMPT       = {{EXEMPT}},        // largest exempt registers per thread
  parameter integer ALLOC_PORTS  = {{ALLOC_PORTS}},   // allocation requests per cycle
  parameter integer PF_DEPTH     = {{PF_DEPTH}},      // pending-free entries per warp
  parameter integer FC_ENTRIES   = {{FC_ENTRIES}},    // release flag cache entries
{{if TFET_ROWS}}
  parameter integer TFET_ROWS    = {{TFET_ROWS}},     // TFET rows per register bank (the top rows)
  parameter integer CLASS        = {{CLASS}},         // 0 NONE, 1 CMOS_RA, 2 MEM_RA
{{end}}
  parameter integer PC_BITS      = {{PC_BITS}}        // flag cache tag bits
) (
  input  wire                                                      clk_i,
  input  wire                                                      rst_i,
  // kernel launch (1.)
  input  wire                                                      kl_valid_i,
  input  wire [$clog2(WARPS+1)-1:0]                                kl_warps_i,
  input  wire [5:0]                                                kl_regs_i,
  input  wire [5:0]                                                kl_exempt_i,
  // pir port (2.)
  input  wire                                                      pir_valid_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]              pir_warp_i,
  input  wire [PC_BITS-1:0]                                        pir_pc_i,
  input  wire [53:0]                                               pir_flags_i,
  // operation (3.)
  input  wire                                                      op_valid_i,
  input  wire [1:0]                                                op_kind_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]              op_warp_i,
  input  wire [53:0]                                               op_reg_i,
  input  wire [5:0]                                                op_dst_i,
  // operand reads (4.)
  input  wire                                                      rd_done_i,
  input  wire [((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]              rd_warp_i,
  // allocation (6.)
  input  wire [ALLOC_PORTS-1:0]                                    alc_valid_i,
  input  wire [ALLOC_PORTS*((WARPS > 1) ? $clog2(WARPS) : 1)-1:0]  alc_warp_i,
  input  wire [ALLOC_PORTS*6-1:0]                                  alc_reg_i,
{{if TFET_ROWS}}
  // TFET classes: the request asks for TFET (MEM_RA), the destination is a load
  input  wire [ALLOC_PORTS-1:0]                                    alc_tfet_i,
  input  wire [ALLOC_PORTS-1:0]                                    alc_load_i,
{{end}}
  // outputs
  output wire                                                      pir_ready_o,
  output wire                                                      pir_hit_o,
  output wire                                                      op_ready_o,
  output wire [1:0]                                                op_wait_o,
  output wire [(LOOKUP_PORTS-1)*$clog2(PHYS_REGS)-1:0]             op_src_pid_o,
  output wire [LOOKUP_PORTS-2:0]                                   op_rel_o,
  output wire [$clog2(PHYS_REGS)-1:0]                              op_dst_pid_o,
  output wire                                                      op_dst_new_o,
  output wire [ALLOC_PORTS-1:0]                                    alc_gnt_o,
  output wire [ALLOC_PORTS*$clog2(PHYS_REGS)-1:0]                  alc_pid_o,
{{if TFET_ROWS}}
  output wire [ALLOC_PORTS-1:0]                                    alc_tfet_o,     // granted id is TFET
  output wire [LOOKUP_PORTS-2:0]                                   op_src_tfet_o,  // source's id is TFET
  output wire                                                      op_dst_tfet_o,  // destination's id is TFET
  output wire [$clog2(RF_BANKS*TFET_ROWS+1)-1:0]                   free_tfet_o,    // free TFET ids
{{end}}
  output wire [PHYS_REGS-1:0]                                      reg_on_o,
  output wire [RF_BANKS*SUBARRAYS-1:0]                             dom_on_o,
  // energy events, LSB first: rt_read, rt_write, alloc_stall, free, fc_hit,
  // fc_fill, fc_read, dom_wake
{{if TFET_ROWS}}
  // (classes: alloc_cmos, alloc_tfet, tfet_refused, fallback_tfet)
{{end}}
  output wire [$clog2(RT_BANKS+1) + 2*$clog2(ALLOC_PORTS+1)
{{if TFET_ROWS}}
               + 4*$clog2(ALLOC_PORTS+1)  // alloc_cmos, alloc_tfet, tfet_refused, fallback_tfet
{{end}}
               + $clog2(PF_DEPTH+RT_BANKS+1) + 3
               + $clog2(RF_BANKS*SUBARRAYS+1)-1:0]                 ev_o
);

  // -------------------------------------------------------------------------
  // Derived sizes (docs/rename.md "Parameters", "Derived")
  // -------------------------------------------------------------------------
  localparam integer S    = LOOKUP_PORTS - 1;                       // sources
  localparam integer WB   = (WARPS > 1) ? $clog2(WARPS) : 1;        // warp id
  localparam integer PB   = $clog2(PHYS_REGS);                      // physical id
  localparam integer FB   = (FC_ENTRIES > 1) ? $clog2(FC_ENTRIES) : 1;  // cache entry id
  localparam integer D    = RF_BANKS * SUBARRAYS;                   // gating domains
  localparam integer DB   = (D > 1) ? $clog2(D) : 1;                // domain id
  localparam integer SUB_REGS = PHYS_REGS / SUBARRAYS;              // ids per sub-array
  localparam integer SRL  = $clog2(SUB_REGS);                       // log2 SUB_REGS
  localparam integer RFL  = $clog2(RF_BANKS);                       // log2 RF_BANKS
  localparam integer TBL  = $clog2(RT_BANKS);                       // log2 RT_BANKS
  localparam integer TB   = (RT_BANKS > 1) ? TBL : 1;               // table bank id
  localparam integer ROWS = RT_ENTRIES / RT_BANKS;                  // rows per table bank
  localparam integer RWB  = (ROWS > 1) ? $clog2(ROWS) : 1;          // row id
  localparam integer LW   = (RT_ENTRIES > 1) ? $clog2(RT_ENTRIES) : 1;  // table index
  localparam integer LX   = 12;      // table index arithmetic (w*R + r <= 63*63 + 62)
  localparam integer FW   = 18 * S;  // flag cache payload bits per entry
  localparam integer NS   = 9;       // operation slots
  localparam integer PF   = PF_DEPTH;
  localparam integer A    = ALLOC_PORTS;
  // event fields
  localparam integer E_RD = $clog2(RT_BANKS + 1);
  localparam integer E_AL = $clog2(ALLOC_PORTS + 1);
  localparam integer E_FR = $clog2(PF_DEPTH + RT_BANKS + 1);
  localparam integer E_DW = $clog2(D + 1);
  // two-level find-first over PHYS_REGS-bit vectors: NCH chunks of CH bits
  localparam integer CH   = (PHYS_REGS > 64) ? 64 : PHYS_REGS;
  localparam integer CHL  = $clog2(CH);
  localparam integer NCH  = PHYS_REGS / CH;
  localparam integer NCB  = (NCH > 1) ? $clog2(NCH) : 1;

  localparam integer   BMI      = RT_BANKS - 1;
  localparam integer   RFMI     = RF_BANKS - 1;
  localparam integer   LASTFC   = FC_ENTRIES - 1;
  localparam integer   WL_START = PHYS_REGS - SUB_REGS;
  localparam integer   SUBR_I   = SUB_REGS;
  localparam [5:0]     NONE     = 6'd63;           // "no register"
  localparam [TB-1:0]  BMASK    = BMI[TB-1:0];     // RT_BANKS - 1
  localparam [PB-1:0]  RFMASK   = RFMI[PB-1:0];    // RF_BANKS - 1
  localparam [FB-1:0]  FC_LAST  = LASTFC[FB-1:0];  // FC_ENTRIES - 1
  localparam [PB-1:0]  LAST_RST = WL_START[PB-1:0];  // PHYS_REGS - SUB_REGS
  localparam [PB-1:0]  SUBR     = SUBR_I[PB-1:0];  // SUB_REGS mod PHYS_REGS
  localparam [LX-1:0]  RTB_LX   = RT_BANKS[LX-1:0];  // RT_BANKS
  localparam [LW-1:0]  RTE_LW   = RT_ENTRIES[LW-1:0];  // RT_ENTRIES mod 2^LW
  localparam           RTE_POW2 = (RT_ENTRIES == (1 << LW));  // every LW-bit index in range
  localparam [1:0]     K_INSN   = 2'd0;
  localparam [1:0]     K_PBR    = 2'd1;
  localparam [1:0]     K_EXIT   = 2'd2;
  localparam [4:0]     LAST_SLOT = 5'd17;          // last pir slot
  localparam [3:0]     OC_ONE   = 4'd1;
  localparam [RT_ENTRIES-1:0] RT_ONE = { {(RT_ENTRIES-1){1'b0}}, 1'b1};
  localparam [PHYS_REGS-1:0]  P_ONE  = { {(PHYS_REGS-1){1'b0}}, 1'b1};
  localparam [D-1:0]          D_ONE  = { {(D-1){1'b0}}, 1'b1};
{{if TFET_ROWS}}
  // TFET classes (docs/rename.md "TFET register classes")
  localparam integer N_TFET = RF_BANKS * TFET_ROWS;                // TFET ids
  localparam integer PT     = PHYS_REGS - N_TFET;                  // first TFET id (= N_CMOS)
  localparam integer TW     = $clog2(N_TFET + 1);                  // free_tfet_o
  localparam [PHYS_REGS-1:0] TMASK = {PHYS_REGS{1'b1}} << PT;     // TFET ids
{{end}}
{{if GATING==STATIC}}
  // STATIC gating (A17)
{{if TFET_ROWS==0}}
  localparam integer N_TFET = 0;                                   // no TFET ids
  localparam integer PT     = PHYS_REGS;
  localparam [PHYS_REGS-1:0] TMASK = {PHYS_REGS{1'b0}};
{{end}}
  localparam integer BROWS  = PHYS_REGS / RF_BANKS;                // rows per register bank
  localparam integer BRL    = $clog2(BROWS);                       // log2 BROWS
  localparam integer CR     = BROWS - N_TFET / RF_BANKS;           // CMOS rows
  localparam integer GW     = (CR > 0) ? $clog2(CR + 1) : 1;       // gb_q
  localparam integer KBW    = $clog2(WARPS + 1);                   // kl_warps_i
  localparam integer BRM1   = BROWS - 1;
  localparam integer RFM1   = RF_BANKS - 1;
  localparam [23:0]   CR_24  = CR[23:0];
  localparam [23:0]   PT_24  = PT[23:0];
  localparam [23:0]   NT_24  = N_TFET[23:0];
  localparam [23:0]   BRM_24 = BRM1[23:0];
  localparam [23:0]   RFM_24 = RFM1[23:0];
  localparam [23:0]   P_24   = PHYS_REGS[23:0];
{{end}}

  // -------------------------------------------------------------------------
  // State (docs/rename.md "State"); the _d signals are the next state, reset
  // and launch included.
  // -------------------------------------------------------------------------
  reg [5:0]                    kr_q, kr_d;    // running kernel: registers per thread
  reg [5:0]                    ke_q, ke_d;    // running kernel: exempt registers
  reg [RT_ENTRIES-1:0]         rtv_q, rtv_d;  // table entry valid
  // rtp_q: g_bank[b].rtp_q[row], below
  reg [PHYS_REGS-1:0]          occ_q, occ_d;  // availability flag, 1 = occupied
  reg [FC_ENTRIES-1:0]         fcv_q, fcv_d;  // flag cache entry valid
  reg [FC_ENTRIES*PC_BITS-1:0] fct_q, fct_d;  // flag cache tag
  reg [FW-1:0]                 fcf_q [0:FC_ENTRIES-1];  // flag cache payload
  reg [FB-1:0]                 fvp_q, fvp_d;  // flag cache victim pointer
  reg [WARPS-1:0]              cv_q, cv_d;    // per warp: cursor valid
  reg [WARPS*FB-1:0]           ci_q, ci_d;    // per warp: cursor's cache entry
  reg [WARPS*5-1:0]            cs_q, cs_d;    // per warp: cursor's slot 0..17
  reg [WARPS*PF-1:0]           pfv_q, pfv_d;  // per warp: pending-free entry valid
  reg [PF*PB-1:0]              pfp_q [0:WARPS-1];  // per warp: pending-free ids
  reg [WARPS*4-1:0]            oc_q, oc_d;    // per warp: instructions reading operands
  reg [NS-1:0]                 srv_q, srv_d;  // slots of the operation already served
  reg [(S+1)*PB-1:0]           opp_q, opp_d;  // ids looked up for served INSN slots
  reg [S:0]                    opm_q, opm_d;  // those slots were mapped
  reg [5:0]                    swp_q, swp_d;  // EXIT sweep: groups done
  // (not an FSM: Yosys's fsm pass would re-encode it next to the original)
  (* fsm_encoding = "none" *)
  reg [PB-1:0]                 last_q;          // WEAR_LEVEL: last granted id
  reg [PB-1:0]                 last_d;
{{if GATING==STATIC}}
  reg [GW-1:0]                 gb_q, gb_d;    // STATIC: powered CMOS rows of the kernel
{{end}}

  // -------------------------------------------------------------------------
  // Find-first over a PHYS_REGS-bit vector: {found, lowest set index}. Two
  // levels (first non-empty chunk of CH bits, then the first bit in it), each
  // a priority loop.
  // -------------------------------------------------------------------------
  function automatic [PB:0] ffs_p;
    input [PHYS_REGS-1:0] v;
    integer c, b;
    reg [NCH-1:0] nz;    // chunk c has a set bit
    reg [NCB-1:0] ci;    // first non-empty chunk
    reg [CH-1:0]  cw;    // its bits
    reg [CHL-1:0] bi;    // first set bit in it
    reg [PB-1:0]  hi;    // chunk part of the index
    reg [PB-1:0]  lo;    // bit part of the index
    begin
      for (c = 0; c < NCH; c = c + 1) begin
        nz[c] = |v[c*CH +: CH];
      end
      ci = {NCB{1'b0}};
      for (c = NCH - 1; c >= 0; c = c - 1) begin
        if (nz[c]) ci = c[NCB-1:0];
      end
      cw = {CH{1'b0}};
      for (c = 0; c < NCH; c = c + 1) begin
        cw = cw | (v[c*CH +: CH] & {CH{ci == c[NCB-1:0]}});
      end
      bi = {CHL{1'b0}};
      for (b = CH - 1; b >= 0; b = b - 1) begin
        if (cw[b]) bi = b[CHL-1:0];
      end
      hi = {PB{1'b0}};
      hi[NCB-1:0] = ci;
      lo = {PB{1'b0}};
      lo[CHL-1:0] = bi;
      ffs_p = {|nz, (NCH > 1) ? ((hi << CHL) | lo) : lo};
    end
  endfunction

  // Table bank of an index L.
  function automatic [TB-1:0] bank_of;
    input [TB-1:0] l;  // low bits of L
    begin
      bank_of = l & BMASK;
    end
  endfunction

  // Gating domain of a physical id: (p div SUB_REGS) * RF_BANKS + p mod RF_BANKS.
  function automatic [DB-1:0] dom_of;
    input [PB-1:0] p;
    /* verilator lint_off UNUSED */
    reg [PB-1:0] d;  // < D
    /* verilator lint_on UNUSED */
    begin
      d = ((p >> SRL) << RFL) | (p & RFMASK);
      dom_of = d[DB-1:0];
    end
  endfunction

  // -------------------------------------------------------------------------
  // Running kernel, per-warp reads for the operation's warp.
  // -------------------------------------------------------------------------
  wire [5:0]    rr     = kr_q - ke_q;   // R: renamable registers 0..R-1
  wire [LX-1:0] op_wr  = { {(LX-WB){1'b0}}, op_warp_i} * { {(LX-6){1'b0}}, rr};    // w*R
  wire [LX-1:0] op_wke = { {(LX-WB){1'b0}}, op_warp_i} * { {(LX-6){1'b0}}, ke_q};  // w*ke
  wire          is_insn = op_valid_i & (op_kind_i == K_INSN);
  wire          is_pbr  = op_valid_i & (op_kind_i == K_PBR);
  wire          is_exit = op_valid_i & (op_kind_i == K_EXIT);

  reg [3:0]    op_oc;   // oc_q of the operation's warp
  reg [FB-1:0] op_ce;   // its cursor entry
  reg [4:0]    op_cs;   // its cursor slot
  reg [PF-1:0] op_pfv;  // its pending-free valid bits

  always @* begin : opwarp_comb
    integer w;
    op_oc  = 4'd0;
    op_ce  = {FB{1'b0}};
    op_cs  = 5'd0;
    op_pfv = {PF{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      if (op_warp_i == w[WB-1:0]) begin
        op_oc  = oc_q[w*4 +: 4];
        op_ce  = ci_q[w*FB +: FB];
        op_cs  = cs_q[w*5 +: 5];
        op_pfv = pfv_q[w*PF +: PF];
      end
    end
  end

  wire oc_zero   = (op_oc == 4'd0);
  wire go_lookup = is_insn | (is_pbr & oc_zero);  // slots may be served this cycle
  wire go_sweep  = is_exit & oc_zero;             // the EXIT sweep runs this cycle

  // -------------------------------------------------------------------------
  // 3. Slots and bank claims. Slot s: register sl_r, renamable ren, exempt
  //    exm, table index sl_l. Unserved renamable slots claim their bank in
  //    slot order; a slot whose bank is claimed by the same L is served too.
  //    EXIT: group swp_q's entries claim their banks (consecutive L: one
  //    per bank).
  // -------------------------------------------------------------------------
  reg [NS*6-1:0]        sl_r;     // slot register (63 = none)
  reg [NS-1:0]          ren;      // slot is renamable
  reg [NS-1:0]          exm;      // slot is exempt
  reg [NS*LX-1:0]       sl_l;     // slot's table index w*R + r
  reg [NS-1:0]          srvnow;   // slot served by a bank read this cycle
  reg [RT_BANKS-1:0]    cl_v;     // bank read this cycle
  reg [RT_BANKS*LX-1:0] cl_l;     // the index it reads
  reg                   exit_last;  // the sweep's last group

  always @* begin : claim_comb
    integer s, b, j;
    reg [5:0]    r;
    reg [LX-1:0] l;
    reg [LX-1:0] off;
    reg [LX-1:0] g0;   // swp_q * RT_BANKS
    sl_r   = {NS*6{1'b0}};
    ren    = {NS{1'b0}};
    exm    = {NS{1'b0}};
    sl_l   = {NS*LX{1'b0}};
    srvnow = {NS{1'b0}};
    cl_v   = {RT_BANKS{1'b0}};
    cl_l   = {RT_BANKS*LX{1'b0}};
    for (s = 0; s < NS; s = s + 1) begin
      if (is_pbr) begin
        r = op_reg_i[s*6 +: 6];
      end else if (is_insn && (s < S)) begin
        r = op_reg_i[s*6 +: 6];
      end else if (is_insn && (s == S)) begin
        r = op_dst_i;
      end else begin
        r = NONE;
      end
      l = op_wr + { {(LX-6){1'b0}}, r};
      sl_r[s*6 +: 6]   = r;
      ren[s]           = (r != NONE) & (r < rr);
      exm[s]           = (r != NONE) & ~(r < rr);
      sl_l[s*LX +: LX] = l;
      if (go_lookup && ren[s] && !srv_q[s]) begin
        for (b = 0; b < RT_BANKS; b = b + 1) begin
          if (bank_of(l[TB-1:0]) == b[TB-1:0]) begin
            if (!cl_v[b]) begin
              cl_v[b]            = 1'b1;
              cl_l[b*LX +: LX]   = l;
              srvnow[s]          = 1'b1;
            end else if (cl_l[b*LX +: LX] == l) begin
              srvnow[s]          = 1'b1;
            end
          end
        end
      end
    end
    // EXIT sweep: L = w*R + g*RT_BANKS + j, g*RT_BANKS + j < R
    g0        = { {(LX-6){1'b0}}, swp_q} << TBL;
    exit_last = ((g0 + RTB_LX) >= { {(LX-6){1'b0}}, rr});
    for (j = 0; j < RT_BANKS; j = j + 1) begin
      off = g0 + j[LX-1:0];
      l   = op_wr + off;
      if (go_sweep && (off < { {(LX-6){1'b0}}, rr})) begin
        for (b = 0; b < RT_BANKS; b = b + 1) begin
          if (bank_of(l[TB-1:0]) == b[TB-1:0]) begin
            cl_v[b]          = 1'b1;
            cl_l[b*LX +: LX] = l;
          end
        end
      end
    end
  end

  // -------------------------------------------------------------------------
  // Table banks: rtp_q per bank, one read (row of cl_l) and one write (the
  // bank's granted install, 6.) per cycle; rtv_q read at the same index.
  // -------------------------------------------------------------------------
  reg  [RT_BANKS*RWB-1:0] b_row;   // per bank: read row
  wire [RT_BANKS*PB-1:0]  b_rdp;   // per bank: rtp_q at b_row
  reg  [RT_BANKS-1:0]     b_rdv;   // per bank: rtv_q at cl_l
  reg  [RT_BANKS-1:0]     b_we;    // per bank: install this cycle
  reg  [RT_BANKS*RWB-1:0] b_wrow;  // per bank: install row
  reg  [RT_BANKS*PB-1:0]  b_wd;    // per bank: installed id

  always @* begin : bank_rd_comb
    integer b;
    reg [LX-1:0] l;
    /* verilator lint_off UNUSED */
    reg [LX-1:0] row;  // < ROWS
    /* verilator lint_on UNUSED */
    for (b = 0; b < RT_BANKS; b = b + 1) begin
      l   = cl_l[b*LX +: LX];
      row = l >> TBL;
      b_row[b*RWB +: RWB] = row[RWB-1:0];
      // an index beyond the table (possible only at RT_ENTRIES = 1 or not a power of two, and
      // only off the protocol) reads 0, not x: RTL and netlist then agree on every input
      // (warpgen prove --netlist's equiv_induct takes no assumptions)
      b_rdv[b]            = (RTE_POW2 || (l[LW-1:0] < RTE_LW)) ? rtv_q[l[LW-1:0]] : 1'b0;
    end
  end

  genvar gb;
  generate
    for (gb = 0; gb < RT_BANKS; gb = gb + 1) begin : g_bank
      reg [PB-1:0] rtp_q [0:ROWS-1];  // table entry's physical id, row = L div RT_BANKS

      always @(posedge clk_i) begin : bank_ff
        if (b_we[gb]) begin
          rtp_q[b_wrow[gb*RWB +: RWB]] <= b_wd[gb*PB +: PB];
        end
      end

      assign b_rdp[gb*PB +: PB] = rtp_q[b_row[gb*RWB +: RWB]];
    end
  endgenerate

  // -------------------------------------------------------------------------
  // 3. INSN: per slot mapped / id (served earlier: opm_q / opp_q; now: the
  //    bank's read), exempt ids, release bits, pending-free placement,
  //    completion. PBR and EXIT completion; op_wait_o.
  // -------------------------------------------------------------------------
  reg [NS-1:0]       m_now;     // served now: entry valid
  reg [NS*PB-1:0]    p_now;     // served now: entry's id
  reg [S:0]          mp;        // INSN slot mapped (earlier or now)
  reg [(S+1)*PB-1:0] pp;        // INSN slot's mapped id
  reg [(S+1)*PB-1:0] xp;        // INSN slot's exempt id w*ke + (r - R)
  reg [S-1:0]        rel;       // effective release bits
  reg [PF-1:0]       pf_new;    // pending entries written at completion
  reg [PF*PB-1:0]    pf_row;    // the warp's pending row with them
  reg                pf_ok;     // enough invalid pending entries
  reg                insn_all;  // every INSN slot served by the end of the cycle
  reg                pbr_all;   // every PBR slot served by the end of the cycle
  reg                insn_done, pbr_done, exit_done, op_ready;
  reg [1:0]          op_wait;

  wire [FW-1:0]  fc_word = fcf_q[op_ce];       // the cursor's flag payload
  wire [6:0]     fc_off  = {2'b00, op_cs} * S[6:0];  // S * slot
  /* verilator lint_off UNUSED */
  wire [FW-1:0]  fc_sh   = fc_word >> fc_off;  // slot's flags in the low S bits
  /* verilator lint_on UNUSED */
  wire [S-1:0]   fl      = fc_sh[S-1:0];       // flags of the cursor's slot
  wire [PF*PB-1:0] op_pfrow = pfp_q[op_warp_i];

  always @* begin : insn_comb
    integer s, b, j, i, k;
    reg [PF-1:0] used;
    reg          placed;
    /* verilator lint_off UNUSED */
    reg [LX-1:0] xe;  // < PHYS_REGS
    /* verilator lint_on UNUSED */
    m_now = {NS{1'b0}};
    p_now = {NS*PB{1'b0}};
    for (s = 0; s < NS; s = s + 1) begin
      for (b = 0; b < RT_BANKS; b = b + 1) begin
        if (bank_of(sl_l[s*LX +: TB]) == b[TB-1:0]) begin
          m_now[s]          = b_rdv[b];
          p_now[s*PB +: PB] = b_rdp[b*PB +: PB];
        end
      end
    end
    insn_all = 1'b1;
    for (s = 0; s <= S; s = s + 1) begin
      mp[s]             = srv_q[s] ? opm_q[s] : m_now[s];
      pp[s*PB +: PB]    = srv_q[s] ? opp_q[s*PB +: PB] : p_now[s*PB +: PB];
      xe                = op_wke + { {(LX-6){1'b0}}, sl_r[s*6 +: 6] - rr};
      xp[s*PB +: PB]    = xe[PB-1:0];
      insn_all          = insn_all & (~ren[s] | srv_q[s] | srvnow[s]);
    end
    pbr_all = &(~ren | srv_q | srvnow);
    // release: flag, renamable, mapped, not the destination, first of its register
    for (j = 0; j < S; j = j + 1) begin
      rel[j] = fl[j] & ren[j] & mp[j] & (sl_r[j*6 +: 6] != op_dst_i);
      for (i = 0; i < j; i = i + 1) begin
        if (rel[i] && (sl_r[i*6 +: 6] == sl_r[j*6 +: 6])) rel[j] = 1'b0;
      end
    end
    // pending-free placement: released ids into the lowest invalid entries
    used   = op_pfv;
    pf_new = {PF{1'b0}};
    pf_row = op_pfrow;
    pf_ok  = 1'b1;
    for (j = 0; j < S; j = j + 1) begin
      placed = 1'b0;
      for (k = 0; k < PF; k = k + 1) begin
        if (rel[j] && !placed && !used[k]) begin
          placed             = 1'b1;
          used[k]            = 1'b1;
          pf_new[k]          = 1'b1;
          pf_row[k*PB +: PB] = pp[j*PB +: PB];
        end
      end
      pf_ok = pf_ok & (~rel[j] | placed);
    end
    insn_done = is_insn & insn_all & pf_ok;
    pbr_done  = is_pbr & oc_zero & pbr_all;
    exit_done = go_sweep & exit_last;
    op_ready  = insn_done | pbr_done | exit_done;
    if (!op_valid_i || op_ready) begin
      op_wait = 2'd0;
    end else if (is_insn) begin
      op_wait = insn_all ? 2'd2 : 2'd1;
    end else begin
      op_wait = oc_zero ? 2'd1 : 2'd3;
    end
  end

  // -------------------------------------------------------------------------
  // 2. Release flag cache: hit, pins, victim.
  // -------------------------------------------------------------------------
  reg              fc_hit;    // pir hit
  reg              fc_fill;   // pir miss with a victim
  reg [FB-1:0]     fc_ent;    // the cursor's new entry (hit or victim)
  reg [FB-1:0]     fc_vic;    // victim

  always @* begin : fc_comb
    integer e, w;
    reg [FC_ENTRIES-1:0] hitv;  // valid entries with the pir's tag
    reg [FC_ENTRIES-1:0] pin;   // entries another warp's valid cursor points at
    reg [FC_ENTRIES-1:0] cand;  // victim candidates
    reg [FC_ENTRIES-1:0] hi;    // unpinned at or after fvp_q
    reg [FB-1:0]         hit_e;
    pin = {FC_ENTRIES{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      // the requesting warp's own cursor does not pin (its old block is renamed)
      pin = pin | ({ {(FC_ENTRIES-1){1'b0}}, cv_q[w] & (pir_warp_i != w[WB-1:0])} << ci_q[w*FB +: FB]);
    end
    for (e = 0; e < FC_ENTRIES; e = e + 1) begin
      hitv[e] = fcv_q[e] & (fct_q[e*PC_BITS +: PC_BITS] == pir_pc_i);
    end
    hi = ~pin & ({FC_ENTRIES{1'b1}} << fvp_q);
    if (|(~fcv_q)) begin
      cand = ~fcv_q;
    end else if (|hi) begin
      cand = hi;
    end else begin
      cand = ~pin;
    end
    hit_e  = {FB{1'b0}};
    fc_vic = {FB{1'b0}};
    for (e = FC_ENTRIES - 1; e >= 0; e = e - 1) begin
      if (hitv[e]) hit_e = e[FB-1:0];
      if (cand[e]) fc_vic = e[FB-1:0];
    end
    fc_hit  = pir_valid_i & (|hitv);
    fc_fill = pir_valid_i & ~(|hitv) & (|cand);
    fc_ent  = fc_hit ? hit_e : fc_vic;
  end

  // Payload kept by the cache: flag j of slot i (pir bit 3i+j), j < S.
  reg [FW-1:0] fc_pay;

  always @* begin : fc_pay_comb
    integer i, j;
    for (i = 0; i < 18; i = i + 1) begin
      for (j = 0; j < S; j = j + 1) begin
        fc_pay[i*S + j] = pir_flags_i[i*3 + j];
      end
    end
  end

  always @(posedge clk_i) begin : fcf_ff
    if (fc_fill) begin
      fcf_q[fc_vic] <= fc_pay;
    end
  end

  // -------------------------------------------------------------------------
  // 5. Pending-free commit: the lowest warp with no operand reads in flight
  //    and a valid pending entry frees its whole list.
  // -------------------------------------------------------------------------
  reg [WB-1:0] pc_w;    // committing warp
  reg [PF-1:0] pc_m;    // its valid entries (0 without a commit)

  always @* begin : commit_comb
    integer w;
    reg [WARPS-1:0] pend;
    for (w = 0; w < WARPS; w = w + 1) begin
      pend[w] = (oc_q[w*4 +: 4] == 4'd0) & (|pfv_q[w*PF +: PF]);
    end
    pc_w = {WB{1'b0}};
    pc_m = {PF{1'b0}};
    for (w = WARPS - 1; w >= 0; w = w - 1) begin
      if (pend[w]) begin
        pc_w = w[WB-1:0];
        pc_m = pfv_q[w*PF +: PF];
      end
    end
  end

  wire [PF*PB-1:0] pc_row = pfp_q[pc_w];

{{if TFET_ROWS}}
  // -------------------------------------------------------------------------
  // TFET classes: free TFET ids at the start of the cycle (TUBA's n_tfet).
  // -------------------------------------------------------------------------
  reg [TW-1:0] nft;

  always @* begin : tfet_free_comb
    integer p;
    nft = {TW{1'b0}};
    for (p = PT; p < PHYS_REGS; p = p + 1) begin
      nft = nft + { {(TW-1){1'b0}}, ~occ_q[p]};
    end
  end

{{end}}
{{if GATING==STATIC}}
  // -------------------------------------------------------------------------
  // STATIC gating (A17). At a launch (W-P1-16): U = kw*kr; est = ceil(U*CR/
  // ROWS); need = max(est, U - N_TFET, kw*ke); pc = min(N_CMOS, need);
  // gb = ceil(pc / RF_BANKS) powered CMOS rows. Powered ids pwr: the TFET
  // rows and the lowest gb_q CMOS rows of every bank.
  // -------------------------------------------------------------------------
  reg [GW-1:0] gb_new;  // the launching kernel's powered CMOS rows
  reg [23:0]   kl_u;    // its U = kw*kr

  always @* begin : static_comb
    reg [23:0] est, tl, ex, need, pc;
    /* verilator lint_off UNUSED */
    reg [23:0] gbr;  // <= CR
    /* verilator lint_on UNUSED */
    kl_u   = { {(24-KBW){1'b0}}, kl_warps_i} * {18'd0, kl_regs_i};
    est    = (kl_u * CR_24 + BRM_24) >> BRL;
    tl     = (kl_u > NT_24) ? (kl_u - NT_24) : 24'd0;
    ex     = { {(24-KBW){1'b0}}, kl_warps_i} * {18'd0, kl_exempt_i};
    need   = est;
    if (tl > need) need = tl;
    if (ex > need) need = ex;
    pc     = (need > PT_24) ? PT_24 : need;
    gbr    = (pc + RFM_24) >> RFL;
    gb_new = gbr[GW-1:0];
  end

  wire [GW+3:0]        gb_sh = { 4'd0, gb_q} << RFL;  // gb_q * RF_BANKS
  wire [PHYS_REGS-1:0] pwr   = TMASK | ~({PHYS_REGS{1'b1}} << gb_sh);
  reg  [D-1:0]         dom_pwr;  // domain holds a powered id

  always @* begin : dom_pwr_comb
    integer sa, k;
    reg [SUB_REGS-1:0] x;
    for (sa = 0; sa < SUBARRAYS; sa = sa + 1) begin
      x = pwr[sa*SUB_REGS +: SUB_REGS];
      for (k = SUB_REGS / 2; k >= RF_BANKS; k = k / 2) begin
        x = x | (x >> k);
      end
      dom_pwr[sa*RF_BANKS +: RF_BANKS] = x[RF_BANKS-1:0];
    end
  end

{{end}}
  // -------------------------------------------------------------------------
  // 6. Allocation: ports in order; bank conflicts with earlier grants; ids
  //    from avail_k = ~occ_q minus earlier grants, by POLICY.
  // 7. Power: domain occupancy, grants' domains.
  // -------------------------------------------------------------------------
  reg [D-1:0]         dom_occ;  // domain holds an occupied id (start of cycle)
  reg [PHYS_REGS-1:0] domask;   // per id: its domain is in dom_occ

  always @* begin : dom_comb
    integer sa, k;
    reg [SUB_REGS-1:0] x;
    for (sa = 0; sa < SUBARRAYS; sa = sa + 1) begin
      x = occ_q[sa*SUB_REGS +: SUB_REGS];
      for (k = SUB_REGS / 2; k >= RF_BANKS; k = k / 2) begin
        x = x | (x >> k);
      end
      dom_occ[sa*RF_BANKS +: RF_BANKS] = x[RF_BANKS-1:0];
      domask[sa*SUB_REGS +: SUB_REGS]  = {(SUB_REGS/RF_BANKS){dom_occ[sa*RF_BANKS +: RF_BANKS]}};
    end
  end

  reg [A-1:0]         gnt;      // port granted
  reg [A*PB-1:0]      gpid;     // its id (0 without a grant)
  reg [A*LX-1:0]      al_l;     // port's table index
  reg [PHYS_REGS-1:0] gmask;    // granted ids
  reg [D-1:0]         gdom;     // domains of granted ids
  reg [PB-1:0]        glast;    // id of the highest granted port
{{if TFET_ROWS}}
  reg [A-1:0]         gtf;      // port granted a TFET id (alc_tfet_o)
  reg [E_AL-1:0]      n_acm;    // grants of CMOS ids
  reg [E_AL-1:0]      n_atf;    // grants of TFET ids
  reg [E_AL-1:0]      n_trf;    // MEM_RA TFET requests granted CMOS (W-P1-1)
  reg [E_AL-1:0]      n_fbt;    // CMOS requests granted TFET (W-P1-2)
{{end}}

  always @* begin : alloc_comb
    integer k, b;
    reg [PHYS_REGS-1:0] avail;
    reg [PHYS_REGS-1:0] cand;
    reg [PHYS_REGS-1:0] wl_hi;
    reg [RT_BANKS-1:0]  bused;
    reg [PB:0]          f_all, f_c;
    reg [PB-1:0]        pick;
    reg [PB-1:0]        start;
    reg [LX-1:0]        l;
    reg                 conflict;
{{if TFET_ROWS}}
    reg [PHYS_REGS-1:0] avl;       // avail_k (avail holds the class set meanwhile)
    reg                 ld, qt;    // the port's request: a load, a TFET request
    reg                 tf;        // the granted id is TFET
    gtf   = {A{1'b0}};
    n_acm = {E_AL{1'b0}};
    n_atf = {E_AL{1'b0}};
    n_trf = {E_AL{1'b0}};
    n_fbt = {E_AL{1'b0}};
    avl   = {PHYS_REGS{1'b0}};
    ld    = 1'b0;
    qt    = 1'b0;
    tf    = 1'b0;
{{end}}
    avail = ~occ_q;
{{if GATING==STATIC}}
    avail = avail & pwr;  // STATIC: gated rows are never allocated
{{end}}
    bused = {RT_BANKS{1'b0}};
    gmask = {PHYS_REGS{1'b0}};
    gdom  = {D{1'b0}};
    gnt   = {A{1'b0}};
    gpid  = {A*PB{1'b0}};
    glast = last_q;
    start = last_q + SUBR;
    wl_hi = {PHYS_REGS{1'b1}} << start;
    for (k = 0; k < A; k = k + 1) begin
      l = { {(LX-WB){1'b0}}, alc_warp_i[k*WB +: WB]} * { {(LX-6){1'b0}}, rr}
          + { {(LX-6){1'b0}}, alc_reg_i[k*6 +: 6]};
      al_l[k*LX +: LX] = l;
      conflict = 1'b0;
      for (b = 0; b < RT_BANKS; b = b + 1) begin
        if (bank_of(l[TB-1:0]) == b[TB-1:0]) conflict = bused[b];
      end
{{if TFET_ROWS}}
      // the class set: C = avail_k & ~TMASK, T = avail_k & TMASK
      avl = avail;
      ld  = alc_load_i[k];
      qt  = (CLASS == 2) & alc_tfet_i[k] & ~ld;
      if (ld) begin
        avail = avl & ~TMASK;
      end else if (CLASS == 0) begin
        avail = avl;
      end else if (qt) begin
        avail = (|(avl & TMASK)) ? (avl & TMASK) : (avl & ~TMASK);
      end else begin
        avail = (|(avl & ~TMASK)) ? (avl & ~TMASK) : (avl & TMASK);
      end
{{end}}
      f_all = ffs_p(avail);
      if (POLICY == 0) begin
        cand = avail & domask;
      end else if (POLICY == 2) begin
        cand = avail & wl_hi;
      end else begin
        cand = {PHYS_REGS{1'b0}};
      end
      f_c  = ffs_p(cand);
      pick = f_c[PB] ? f_c[PB-1:0] : f_all[PB-1:0];
{{if TFET_ROWS}}
      avail = avl;
{{end}}
      if (alc_valid_i[k] && !conflict && f_all[PB]) begin
        gnt[k]             = 1'b1;
        gpid[k*PB +: PB]   = pick;
        avail              = avail & ~(P_ONE << pick);
        gmask              = gmask | (P_ONE << pick);
        gdom               = gdom | (D_ONE << dom_of(pick));
        glast              = pick;
{{if TFET_ROWS}}
        tf                 = TMASK[pick];
        gtf[k]             = tf;
        n_acm              = n_acm + { {(E_AL-1){1'b0}}, ~tf};
        n_atf              = n_atf + { {(E_AL-1){1'b0}}, tf};
        n_trf              = n_trf + { {(E_AL-1){1'b0}}, qt & ~tf};
        n_fbt              = n_fbt + { {(E_AL-1){1'b0}}, (CLASS != 0) & ~ld & ~qt & tf};
{{end}}
        for (b = 0; b < RT_BANKS; b = b + 1) begin
          if (bank_of(l[TB-1:0]) == b[TB-1:0]) bused[b] = 1'b1;
        end
      end
    end
  end

  // Table installs: at most one granted port per bank.
  always @* begin : bank_wr_comb
    integer b, k;
    /* verilator lint_off UNUSED */
    reg [LX-1:0] row;  // < ROWS
    /* verilator lint_on UNUSED */
    b_we   = {RT_BANKS{1'b0}};
    b_wrow = {RT_BANKS*RWB{1'b0}};
    b_wd   = {RT_BANKS*PB{1'b0}};
    for (k = 0; k < A; k = k + 1) begin
      row = al_l[k*LX +: LX] >> TBL;
      for (b = 0; b < RT_BANKS; b = b + 1) begin
        if (gnt[k] && (bank_of(al_l[k*LX +: TB]) == b[TB-1:0])) begin
          b_we[b]                = 1'b1;
          b_wrow[b*RWB +: RWB]   = row[RWB-1:0];
          b_wd[b*PB +: PB]       = gpid[k*PB +: PB];
        end
      end
    end
  end

  // -------------------------------------------------------------------------
  // Frees this cycle (F): PBR / EXIT reads of valid entries, pending commit.
  // -------------------------------------------------------------------------
  reg [RT_BANKS-1:0]  bfree;   // bank's read entry is unmapped and freed
  reg [PHYS_REGS-1:0] fmask;   // freed ids
  reg [E_FR-1:0]      nfree;   // how many

  always @* begin : free_comb
    integer b, k;
    bfree = cl_v & b_rdv & {RT_BANKS{(is_pbr & oc_zero) | go_sweep}};
    fmask = {PHYS_REGS{1'b0}};
    nfree = {E_FR{1'b0}};
    for (b = 0; b < RT_BANKS; b = b + 1) begin
      if (bfree[b]) begin
        fmask = fmask | (P_ONE << b_rdp[b*PB +: PB]);
        nfree = nfree + 1'b1;
      end
    end
    for (k = 0; k < PF; k = k + 1) begin
      if (pc_m[k]) begin
        fmask = fmask | (P_ONE << pc_row[k*PB +: PB]);
        nfree = nfree + 1'b1;
      end
    end
  end

  // -------------------------------------------------------------------------
  // Outputs: every field zero when its valid / ready bit is zero.
  // -------------------------------------------------------------------------
  reg [S*PB-1:0]  src_pid;
  reg [PB-1:0]    dst_pid;
  reg [E_RD-1:0]  n_rd;
  reg [E_AL-1:0]  n_wr, n_stall;
  reg [E_DW-1:0]  n_wake;
{{if TFET_ROWS}}
  reg [S:0]       vt;  // INSN slot's id is TFET (mapped or exempt; at completion)
{{end}}

  always @* begin : out_comb
    integer s, b, k, d;
    reg [PB-1:0] v;
    for (s = 0; s <= S; s = s + 1) begin
      if (ren[s]) begin
        v = mp[s] ? pp[s*PB +: PB] : {PB{1'b0}};
      end else if (exm[s]) begin
        v = xp[s*PB +: PB];
      end else begin
        v = {PB{1'b0}};
      end
      v = v & {PB{insn_done}};
{{if TFET_ROWS}}
      vt[s] = insn_done & ((ren[s] & mp[s]) | exm[s]) & TMASK[v];
{{end}}
      if (s < S) begin
        src_pid[s*PB +: PB] = v;
      end else begin
        dst_pid = v;
      end
    end
    n_rd = {E_RD{1'b0}};
    for (b = 0; b < RT_BANKS; b = b + 1) begin
      n_rd = n_rd + { {(E_RD-1){1'b0}}, cl_v[b]};
    end
    n_wr    = {E_AL{1'b0}};
    n_stall = {E_AL{1'b0}};
    for (k = 0; k < A; k = k + 1) begin
      n_wr    = n_wr + { {(E_AL-1){1'b0}}, gnt[k]};
      n_stall = n_stall + { {(E_AL-1){1'b0}}, alc_valid_i[k] & ~gnt[k]};
    end
    n_wake = {E_DW{1'b0}};
    for (d = 0; d < D; d = d + 1) begin
      n_wake = n_wake + { {(E_DW-1){1'b0}}, gdom[d] & ~dom_occ[d]};
{{if GATING==STATIC}}
      n_wake = {E_DW{1'b0}};  // STATIC: kernel-long gating, no wake-ups (A18)
{{end}}
    end
  end

  assign pir_ready_o  = fc_hit | fc_fill;
  assign pir_hit_o    = fc_hit;
  assign op_ready_o   = op_ready;
  assign op_wait_o    = op_wait;
  assign op_src_pid_o = src_pid;
  assign op_rel_o     = rel & {S{insn_done}};
  assign op_dst_pid_o = dst_pid;
  assign op_dst_new_o = insn_done & ren[S] & ~mp[S];
  assign alc_gnt_o    = gnt;
  assign alc_pid_o    = gpid;
{{if TFET_ROWS}}
  assign alc_tfet_o    = gtf;
  assign op_src_tfet_o = vt[S-1:0];
  assign op_dst_tfet_o = vt[S];
  assign free_tfet_o   = nft;
{{end}}
{{if GATING==STATIC}}
  assign reg_on_o     = pwr;      // STATIC: independent of occupancy and grants
  assign dom_on_o     = dom_pwr;
{{else}}
  assign reg_on_o     = occ_q | gmask;
  assign dom_on_o     = dom_occ | gdom;
{{end}}
{{if TFET_ROWS}}
  assign ev_o         = {n_fbt, n_trf, n_atf, n_acm,
                         n_wake, insn_done, fc_fill, fc_hit, nfree, n_stall, n_wr, n_rd};
{{else}}
  assign ev_o         = {n_wake, insn_done, fc_fill, fc_hit, nfree, n_stall, n_wr, n_rd};
{{end}}

  // -------------------------------------------------------------------------
  // Next state at the edge (1.-6.), or the launch / reset state.
  // -------------------------------------------------------------------------
  always @* begin : next_comb
    integer s, w, e, j, k;
    reg [RT_ENTRIES-1:0] clr, set;
    reg [LX-1:0]         kwke;
    reg [3:0]            oc;
    reg [4:0]            cs;
    kwke = {LX{1'b0}};
    // table valid: PBR / EXIT reads, INSN releases clear; grants set
    clr = {RT_ENTRIES{1'b0}};
    set = {RT_ENTRIES{1'b0}};
    for (j = 0; j < RT_BANKS; j = j + 1) begin
      if (bfree[j]) clr = clr | (RT_ONE << cl_l[j*LX +: LX]);
    end
    for (j = 0; j < S; j = j + 1) begin
      if (insn_done && rel[j]) clr = clr | (RT_ONE << sl_l[j*LX +: LX]);
    end
    for (k = 0; k < A; k = k + 1) begin
      if (gnt[k]) set = set | (RT_ONE << al_l[k*LX +: LX]);
    end
    rtv_d = (rtv_q & ~clr) | set;
    occ_d = (occ_q & ~fmask) | gmask;
    kr_d  = kr_q;
    ke_d  = ke_q;
    last_d = glast;
{{if GATING==STATIC}}
    gb_d   = gb_q;
{{end}}
    // flag cache
    fcv_d = fcv_q;
    fct_d = fct_q;
    fvp_d = fvp_q;
    if (fc_fill) begin
      fvp_d = (fc_vic == FC_LAST) ? {FB{1'b0}} : (fc_vic + 1'b1);
    end
    for (e = 0; e < FC_ENTRIES; e = e + 1) begin
      if (fc_fill && (fc_vic == e[FB-1:0])) begin
        fcv_d[e]                     = 1'b1;
        fct_d[e*PC_BITS +: PC_BITS]  = pir_pc_i;
      end
    end
    // per warp: cursor, operand-read count, pending-free valid
    for (w = 0; w < WARPS; w = w + 1) begin
      cv_d[w]          = cv_q[w];
      ci_d[w*FB +: FB] = ci_q[w*FB +: FB];
      cs               = cs_q[w*5 +: 5];
      oc               = oc_q[w*4 +: 4];
      pfv_d[w*PF +: PF] = pfv_q[w*PF +: PF];
      if (pir_valid_i && (pir_warp_i == w[WB-1:0])) begin
        cv_d[w]          = 1'b0;  // a refused pir drops the old cursor (its block is renamed)
      end
      if ((fc_hit || fc_fill) && (pir_warp_i == w[WB-1:0])) begin
        cv_d[w]          = 1'b1;
        ci_d[w*FB +: FB] = fc_ent;
        cs               = 5'd0;
      end
      if (op_warp_i == w[WB-1:0]) begin
        if (insn_done) begin
          cv_d[w] = cv_q[w] & (cs != LAST_SLOT);
          cs      = cs + 5'd1;
          oc      = oc + OC_ONE;
          pfv_d[w*PF +: PF] = pfv_d[w*PF +: PF] | pf_new;
        end
        if (exit_done) begin
          cv_d[w] = 1'b0;
        end
      end
      if (rd_done_i && (rd_warp_i == w[WB-1:0])) begin
        oc = oc - OC_ONE;
      end
      if (pc_w == w[WB-1:0]) begin
        pfv_d[w*PF +: PF] = pfv_d[w*PF +: PF] & ~pc_m;
      end
      cs_d[w*5 +: 5] = cs;
      oc_d[w*4 +: 4] = oc;
    end
    // operation progress
    if (op_ready) begin
      srv_d = {NS{1'b0}};
      opm_d = {(S+1){1'b0}};
      opp_d = opp_q;
      swp_d = 6'd0;
    end else begin
      srv_d = srv_q | srvnow;
      opm_d = opm_q;
      opp_d = opp_q;
      for (s = 0; s <= S; s = s + 1) begin
        if (is_insn && srvnow[s]) begin
          opm_d[s]          = m_now[s];
          opp_d[s*PB +: PB] = p_now[s*PB +: PB];
        end
      end
      swp_d = go_sweep ? (swp_q + 6'd1) : swp_q;
    end
    // 1. launch: shape, empty table / cache / cursors / lists, reserved ids
    if (kl_valid_i) begin
      kr_d   = kl_regs_i;
      ke_d   = kl_exempt_i;
      rtv_d  = {RT_ENTRIES{1'b0}};
      fcv_d  = {FC_ENTRIES{1'b0}};
      fvp_d  = {FB{1'b0}};
      cv_d   = {WARPS{1'b0}};
      pfv_d  = {WARPS*PF{1'b0}};
      oc_d   = {WARPS*4{1'b0}};
      srv_d  = {NS{1'b0}};
      opm_d  = {(S+1){1'b0}};
      swp_d  = 6'd0;
      kwke   = { {(LX-$clog2(WARPS+1)){1'b0}}, kl_warps_i} * { {(LX-6){1'b0}}, kl_exempt_i};
      occ_d  = ~({PHYS_REGS{1'b1}} << kwke);
      last_d = LAST_RST;
{{if GATING==STATIC}}
      gb_d   = gb_new;
{{end}}
    end
    // reset: every state bit 0 (memories excepted: read behind valid bits)
    if (rst_i) begin
      kr_d   = 6'd0;
      ke_d   = 6'd0;
      rtv_d  = {RT_ENTRIES{1'b0}};
      occ_d  = {PHYS_REGS{1'b0}};
      fcv_d  = {FC_ENTRIES{1'b0}};
      fct_d  = {FC_ENTRIES*PC_BITS{1'b0}};
      fvp_d  = {FB{1'b0}};
      cv_d   = {WARPS{1'b0}};
      ci_d   = {WARPS*FB{1'b0}};
      cs_d   = {WARPS*5{1'b0}};
      pfv_d  = {WARPS*PF{1'b0}};
      oc_d   = {WARPS*4{1'b0}};
      srv_d  = {NS{1'b0}};
      opp_d  = {(S+1)*PB{1'b0}};
      opm_d  = {(S+1){1'b0}};
      swp_d  = 6'd0;
      last_d = {PB{1'b0}};
{{if GATING==STATIC}}
      gb_d   = {GW{1'b0}};
{{end}}
    end
  end

  // Pending-free ids: the operation's warp's row at INSN completion.
  always @(posedge clk_i) begin : pfp_ff
    if (insn_done && (|pf_new)) begin
      pfp_q[op_warp_i] <= pf_row;
    end
  end

  // All other state registers (reset and launch are folded into the _d logic).
  always @(posedge clk_i) begin : state_ff
    kr_q   <= kr_d;
    ke_q   <= ke_d;
    rtv_q  <= rtv_d;
    occ_q  <= occ_d;
    fcv_q  <= fcv_d;
    fct_q  <= fct_d;
    fvp_q  <= fvp_d;
    cv_q   <= cv_d;
    ci_q   <= ci_d;
    cs_q   <= cs_d;
    pfv_q  <= pfv_d;
    oc_q   <= oc_d;
    srv_q  <= srv_d;
    opp_q  <= opp_d;
    opm_q  <= opm_d;
    swp_q  <= swp_d;
    last_q <= last_d;
{{if GATING==STATIC}}
    gb_q   <= gb_d;
{{end}}
  end

  // Payload bits the flag cache does not keep (sources S..2 of each slot).
  /* verilator lint_off UNUSED */
  wire unused_flags = ^pir_flags_i;
  /* verilator lint_on UNUSED */

  // -------------------------------------------------------------------------
  // Protocol assertions (docs/rename.md; simulation only), checked at every
  // rising edge with rst_i = 0 on this cycle's inputs and the state at the
  // start of the cycle.
  // -------------------------------------------------------------------------
`ifndef SYNTHESIS
  reg [3:0] rd_oc;   // oc_q of rd_warp_i
  reg       al_bad;  // an allocation of an exempt / illegal or mapped register

  always @* begin : check_comb
    integer w, k;
    /* verilator lint_off UNUSED */
    reg [LX-1:0] l;  // < RT_ENTRIES
    /* verilator lint_on UNUSED */
    rd_oc = 4'd0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (rd_warp_i == w[WB-1:0]) rd_oc = oc_q[w*4 +: 4];
    end
    al_bad = 1'b0;
    for (k = 0; k < A; k = k + 1) begin
      l = al_l[k*LX +: LX];
      if (alc_valid_i[k] && ((alc_reg_i[k*6 +: 6] >= rr) || rtv_q[l[LW-1:0]])) al_bad = 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_i) begin
      // (constant for REGS = 63, EXEMPT = 62: 6-bit inputs)
      /* verilator lint_off CMPCONST */
      if (kl_valid_i && ((kl_regs_i > REGS[5:0]) || (kl_exempt_i > EXEMPT[5:0]))) begin
      /* verilator lint_on CMPCONST */
        $display("rename: protocol violation: launch shape kr=%0d ke=%0d beyond REGS/EXEMPT",
                 kl_regs_i, kl_exempt_i);
        $finish;
      end
      if (rd_done_i && (rd_oc == 4'd0)) begin
        $display("rename: protocol violation: rd_done_i for warp %0d with no operand reads in flight",
                 rd_warp_i);
        $finish;
      end
      if (op_valid_i && (op_kind_i == 2'd3)) begin
        $display("rename: protocol violation: op_kind_i = 3");
        $finish;
      end
      if (is_insn && !cv_q[op_warp_i]) begin
        $display("rename: protocol violation: INSN of warp %0d without a valid flag cursor", op_warp_i);
        $finish;
      end
      if (insn_done && (op_oc == 4'd15)) begin
        $display("rename: protocol violation: INSN of warp %0d completes with 15 reads in flight",
                 op_warp_i);
        $finish;
      end
{{if TFET_ROWS}}
      if (|(alc_valid_i & alc_tfet_i & alc_load_i)) begin
        $display("rename: protocol violation: a TFET request for a load (alc_tfet_i with alc_load_i, A11)");
        $finish;
      end
{{end}}
{{if GATING==STATIC}}
      if (kl_valid_i && (kl_u > P_24)) begin
        $display("rename: protocol violation: GATING=STATIC launch with kw*kr = %0d > PHYS_REGS (W-P1-3)", kl_u);
        $finish;
      end
{{end}}
      if (al_bad) begin
        $display("rename: protocol violation: allocation of a non-renamable or mapped register");
        $finish;
      end
    end
  end
`endif

endmodule

`default_nettype wire
