  // sched2l_props.v - safety properties of sched2l (docs/sched2l.md, "Invariants"), proven by
  // `warpgen prove sched2l --invariants` (ABC pdr). Not part of the generated Verilog:
  // warpgen prove inserts this text before the module's endmodule, after a register
  // wg_armed (1 from the cycle after the first rst_i = 1), and reads the result with
  // read_verilog -formal. The names are the template's own signals.

  // The protocol (docs/sched2l.md "Protocol"; the RTL's simulation-only checks), assumed
  // outside reset.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_launch_new: assume ((launch_i & res_q) == {WARPS{1'b0}});
      a_exit_plain: assume ((fin_i & (mark_i | bar_i)) == {WARPS{1'b0}});
      a_status_resident: assume (((rdy_i | mark_i | llp_i | bar_i | fin_i) & ~res_q) == {WARPS{1'b0}});
    end
  end

  // slot pairs holding the same warp, and slots holding a warp that is not resident
  reg wg_dup, wg_stray;
  always @* begin : wg_slots
    integer i, j;
    wg_dup = 1'b0;
    wg_stray = 1'b0;
    for (i = 0; i < ACTIVE; i = i + 1) begin
      if (sv_q[i] && (sw_q[i*WB +: WB] >= WARPS || !res_q[sw_q[i*WB +: WB]]))
        wg_stray = 1'b1;
      for (j = i + 1; j < ACTIVE; j = j + 1)
        if (sv_q[i] && sv_q[j] && sw_q[i*WB +: WB] == sw_q[j*WB +: WB])
          wg_dup = 1'b1;
    end
  end

  always @* begin
    if (wg_armed) begin
      // a warp holds at most one active slot
      p_warp_one_slot: assert (!wg_dup);
      // an active slot holds a resident warp
      p_slot_resident: assert (!wg_stray);
      // the TAG stage names a warp below WARPS and a slot below ACTIVE
      p_tag_in_range: assert (!tv_q || (tw_q < WARPS && ts_q < ACTIVE));
    end
  end
