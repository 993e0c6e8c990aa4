  // rename_props.v - safety properties of rename (docs/rename.md, "Invariants"), proven by
  // `warpgen prove rename --invariants` (ABC pdr); its assumptions are also the protocol
  // under which `--netlist` compares the RTL with its netlist. Not part of the generated
  // Verilog: warpgen prove inserts this text before the module's endmodule, after a
  // register wg_armed (1 from the cycle after the first rst_i = 1), and reads the result
  // with read_verilog -formal. The names are the template's own signals, and its {{if}}
  // sections are the template's (gen/wg_gen.c): a port of some configurations only is named
  // inside the same section. A11's rule (no TFET request for a load's destination when
  // TFET_ROWS > 0) is assumed; W-P1-3's launch bound
  // under GATING = STATIC (kl_warps_i * kl_regs_i <= PHYS_REGS) is not: GATING is a template
  // choice, not a Verilog parameter, so a proof of a STATIC configuration takes one where
  // WARPS * REGS <= PHYS_REGS (then a_launch_shape implies it).

  // ---- The protocol (docs/rename.md "Protocol"; the C model's rn_check) ----
  // Monitors of what the C model tracks for its checks only: a kernel runs, its shape, the
  // warps whose EXIT completed (until their next pir), the operation held since last cycle.
  reg                    wg_run_q;
  reg [$clog2(WARPS+1)-1:0] wg_kw_q;
  reg [5:0]              wg_kr_q, wg_ke_q;
  reg [WARPS-1:0]        wg_ex_q;
  reg                    wg_held_q;
  reg [1:0]              wg_kind_q;
  reg [WB-1:0]           wg_warp_q;
  reg [53:0]             wg_reg_q;
  reg [5:0]              wg_dst_q;
  always @(posedge clk_i) begin
    if (rst_i) begin
      wg_run_q  <= 1'b0;
      wg_ex_q   <= {WARPS{1'b0}};
      wg_held_q <= 1'b0;
    end else if (kl_valid_i) begin
      wg_run_q  <= 1'b1;
      wg_kw_q   <= kl_warps_i;
      wg_kr_q   <= kl_regs_i;
      wg_ke_q   <= kl_exempt_i;
      wg_ex_q   <= {WARPS{1'b0}};
      wg_held_q <= 1'b0;
    end else begin
      if (pir_valid_i)
        wg_ex_q[pir_warp_i] <= 1'b0;
      if (op_valid_i && op_ready_o && op_kind_i == 2'd2)
        wg_ex_q[op_warp_i] <= 1'b1;
      wg_held_q <= op_valid_i && !op_ready_o;
    end
    wg_kind_q <= op_kind_i;
    wg_warp_q <= op_warp_i;
    wg_reg_q  <= op_reg_i;
    wg_dst_q  <= op_dst_i;
  end
  wire [5:0] wg_R = (wg_kr_q > wg_ke_q) ? (wg_kr_q - wg_ke_q) : 6'd0;  // renamable registers
  // register r is legal for an operation: none (63), renamable (< R) or exempt (< kr)
  function automatic wg_legal(input [5:0] r);
    wg_legal = (r == 6'd63) || (r < wg_kr_q);
  endfunction
  reg wg_ops_ok, wg_held_ok, wg_alc_ok;
  always @* begin : wg_proto
    integer s, k, j;
    reg [WB-1:0] aw, bw;
    reg [5:0] ar, br;
    reg [LX-1:0] al;
    wg_ops_ok = 1'b1;
    for (s = 0; s < 9; s = s + 1)
      if ((op_kind_i == 2'd1 || s < S) && !wg_legal(op_reg_i[6*s +: 6]))
        wg_ops_ok = 1'b0;
    if (op_kind_i == 2'd0 && !wg_legal(op_dst_i))
      wg_ops_ok = 1'b0;
    wg_held_ok = op_valid_i && op_kind_i == wg_kind_q && op_warp_i == wg_warp_q;
    for (s = 0; s < 9; s = s + 1)
      if ((wg_kind_q == 2'd1 || (wg_kind_q == 2'd0 && s < S)) && op_reg_i[6*s +: 6] != wg_reg_q[6*s +: 6])
        wg_held_ok = 1'b0;
    if (wg_kind_q == 2'd0 && op_dst_i != wg_dst_q)
      wg_held_ok = 1'b0;
    wg_alc_ok = 1'b1;
    for (k = 0; k < ALLOC_PORTS; k = k + 1) begin
      aw = alc_warp_i[k*WB +: WB];
      ar = alc_reg_i[k*6 +: 6];
      al = aw * wg_R + ar;
      if (alc_valid_i[k] && (aw >= wg_kw_q || wg_ex_q[aw] || ar >= wg_R || al >= RT_ENTRIES || rtv_q[al[LW-1:0]]))
        wg_alc_ok = 1'b0;
      for (j = 0; j < k; j = j + 1) begin
        bw = alc_warp_i[j*WB +: WB];
        br = alc_reg_i[j*6 +: 6];
        if (alc_valid_i[k] && alc_valid_i[j] && aw == bw && ar == br)
          wg_alc_ok = 1'b0;
      end
    end
  end
  wire wg_any_alc = |alc_valid_i;
  // a reset cycle after the first carries no operation (the environment's rule, cosim/rename/
  // rename_env.c; rn_check accepts anything under rst_i): an INSN presented in a reset cycle
  // makes op_rel_o read the never-written flag payload fcf_q (docs/rename.md "Invariants")
  always @* begin
    if (wg_armed && rst_i) begin
      a_rst_quiet: assume (!(kl_valid_i || pir_valid_i || op_valid_i || rd_done_i || wg_any_alc));
    end
  end
  always @* begin
    if (wg_armed && !rst_i) begin
      // a launch alone, with a legal shape
      a_launch_alone: assume (!kl_valid_i || !(pir_valid_i || op_valid_i || rd_done_i || wg_any_alc));
      a_launch_shape: assume (!kl_valid_i || (kl_warps_i >= 1 && kl_warps_i <= WARPS &&
                              kl_regs_i >= 1 && kl_regs_i <= REGS && kl_exempt_i <= EXEMPT &&
                              kl_exempt_i <= kl_regs_i &&
                              kl_warps_i * (kl_regs_i - kl_exempt_i) <= RT_ENTRIES &&
                              kl_warps_i * kl_exempt_i <= PHYS_REGS));
      // nothing but a launch while no kernel runs
      a_run_first: assume (kl_valid_i || wg_run_q || !(pir_valid_i || op_valid_i || rd_done_i || wg_any_alc));
      // pir: a warp of the kernel, not the operation's warp
      a_pir_warp: assume (kl_valid_i || !pir_valid_i || (pir_warp_i < wg_kw_q &&
                          !(op_valid_i && op_warp_i == pir_warp_i)));
      // the operation: held unchanged until op_ready_o; a kind 0..2, a warp of the kernel,
      // not after its EXIT (but an INSN), an INSN with a valid cursor and a counter below 15
      // at completion, legal register ids
      a_op_held: assume (kl_valid_i || !wg_held_q || wg_held_ok);
      a_op: assume (kl_valid_i || !op_valid_i || (op_kind_i != 2'd3 && op_warp_i < wg_kw_q &&
                    (op_kind_i == 2'd0 || !wg_ex_q[op_warp_i]) &&
                    (op_kind_i != 2'd0 || (cv_q[op_warp_i] &&
                     !(op_ready_o && oc_q[op_warp_i*4 +: 4] == 4'd15))) && wg_ops_ok));
      // an operand read only for a warp with an instruction reading operands
      a_rd_done: assume (kl_valid_i || !rd_done_i || (rd_warp_i < WARPS && oc_q[rd_warp_i*4 +: 4] != 4'd0));
      // allocations: a warp of the kernel not after its EXIT, a renamable, unmapped register,
      // two ports never for the same register
      a_alloc: assume (kl_valid_i || wg_alc_ok);
{{if TFET_ROWS}}
      // A11: with TFET rows, a load's destination never asks for TFET (alc_tfet_i and
      // alc_load_i exist only then: the template's sections, which warpgen prove applies here)
      a_alloc_load_cmos: assume (kl_valid_i || (alc_valid_i & alc_tfet_i & alc_load_i) == {ALLOC_PORTS{1'b0}});
{{end}}
    end
  end

  // ---- The properties ----
  // the table's physical ids, flat: entry L = row * RT_BANKS + bank
  wire [RT_ENTRIES*PB-1:0] wg_rtp;
  genvar wg_b, wg_r;
  generate
    for (wg_b = 0; wg_b < RT_BANKS; wg_b = wg_b + 1) begin : wg_gb
      for (wg_r = 0; wg_r < ROWS; wg_r = wg_r + 1) begin : wg_gr
        assign wg_rtp[(wg_r * RT_BANKS + wg_b) * PB +: PB] = g_bank[wg_b].rtp_q[wg_r];
      end
    end
  endgenerate
  reg wg_dup, wg_free_map, wg_pf_free, wg_pf_map, wg_pf_dup, wg_low;
  always @* begin : wg_scan
    integer l, m, w, k, k2;
    reg [PB-1:0] p, p2;
    wg_dup = 1'b0;
    wg_free_map = 1'b0;
    wg_pf_free = 1'b0;
    wg_pf_map = 1'b0;
    wg_pf_dup = 1'b0;
    wg_low = 1'b0;
    for (l = 0; l < RT_ENTRIES; l = l + 1) begin
      p = wg_rtp[l*PB +: PB];
      if (rtv_q[l] && !occ_q[p])
        wg_free_map = 1'b1;
      if (rtv_q[l] && p < wg_kw_q * wg_ke_q)
        wg_low = 1'b1;
      for (m = l + 1; m < RT_ENTRIES; m = m + 1)
        if (rtv_q[l] && rtv_q[m] && p == wg_rtp[m*PB +: PB])
          wg_dup = 1'b1;
    end
    for (w = 0; w < WARPS; w = w + 1)
      for (k = 0; k < PF; k = k + 1) begin
        p = pfp_q[w][k*PB +: PB];
        if (pfv_q[w*PF + k]) begin
          if (!occ_q[p])
            wg_pf_free = 1'b1;
          for (l = 0; l < RT_ENTRIES; l = l + 1)
            if (rtv_q[l] && wg_rtp[l*PB +: PB] == p)
              wg_pf_map = 1'b1;
          for (k2 = 0; k2 < WARPS * PF; k2 = k2 + 1) begin
            p2 = pfp_q[k2 / PF][(k2 % PF)*PB +: PB];
            if (k2 != w * PF + k && pfv_q[k2] && p2 == p)
              wg_pf_dup = 1'b1;
          end
        end
      end
  end

  always @* begin
    if (wg_armed && wg_run_q) begin
      // no two live (mapped) registers share one physical id
      p_mapped_distinct: assert (!wg_dup);
      // a mapped register's id is marked occupied
      p_mapped_occupied: assert (!wg_free_map);
      // a mapped register's id is not one of the kernel's reserved exempt ids
      p_mapped_not_exempt: assert (!wg_low);
      // a released id waiting in a pending-free list is still occupied, mapped by no
      // register, and in no other pending-free entry
      p_pending_occupied: assert (!wg_pf_free);
      p_pending_unmapped: assert (!wg_pf_map);
      p_pending_distinct: assert (!wg_pf_dup);
    end
  end
