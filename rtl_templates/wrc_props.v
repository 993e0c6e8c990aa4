  // wrc_props.v - safety properties of wrc (docs/wrc.md, "Invariants"), proven by
  // `warpgen prove wrc --invariants` (ABC pdr). Not part of the generated Verilog:
  // warpgen prove inserts this text before the module's endmodule, after a register
  // wg_armed (1 from the cycle after the first rst_i = 1), and reads the result with
  // read_verilog -formal. The names are the template's own signals.

  // The protocol's residency part (docs/wrc.md "Protocol"), assumed outside reset.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_launch_new: assume ((launch_i & res_q) == {WARPS{1'b0}});
      a_exit_resident: assume ((exit_i & ~res_q) == {WARPS{1'b0}});
    end
  end

  function automatic integer wg_ones(input [WARPS-1:0] v);
    integer k;
    begin
      wg_ones = 0;
      for (k = 0; k < WARPS; k = k + 1)
        wg_ones = wg_ones + v[k];
    end
  endfunction

  always @* begin
    if (wg_armed) begin
      // at most one owner warp holds by construction (one register, own_q); the owner is
      // a resident warp id, and there is one only in memory-priority mode
      p_owner_resident: assert (own_q == NONE || (own_q < WARPS && res_q[own_q[WB-1:0]]));
      p_owner_only_in_mp: assert (own_q == NONE || mode_q);
      // warps admitted at the switch exist only in memory-priority mode, and are resident
      p_pre_only_in_mp: assert (mode_q || pre_q == {WARPS{1'b0}});
      p_pre_resident: assert ((pre_q & ~res_q) == {WARPS{1'b0}});
      // the age list holds exactly the resident warps
      p_age_len_is_resident: assert (acnt_q == wg_ones(res_q));
    end
  end
