  // slg_props.v - safety properties of slg (docs/slg.md, "Invariants"), proven by
  // `warpgen prove slg --invariants` (ABC pdr); its assumptions are also the protocol under
  // which `--netlist` compares the RTL with its netlist. Not part of the generated Verilog:
  // warpgen prove inserts this text before the module's endmodule, after a register
  // wg_armed (1 from the cycle after the first rst_i = 1), and reads the result with
  // read_verilog -formal. The names are the template's own signals.

  // The protocol (docs/slg.md "Protocol"; the C model's check), assumed outside reset.
  reg wg_cta_busy;  // a live warp is in CTA launch_cta_i
  reg wg_bad_st;    // a warp's region state is not one of the seven
  reg wg_bad_tm;    // a warp's timer is above TMAX
  reg wg_bad_cta;   // a live warp's CTA slot is not below CTAS
  always @* begin : wg_scan
    integer w;
    wg_cta_busy = 1'b0;
    wg_bad_st = 1'b0;
    wg_bad_tm = 1'b0;
    wg_bad_cta = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (live_q[w] && cta_q[w*CB +: CB] == launch_cta_i)
        wg_cta_busy = 1'b1;
      if (st_q[3*w +: 3] > WK2)
        wg_bad_st = 1'b1;
      if (tm_q[w*TB +: TB] > TMAX)
        wg_bad_tm = 1'b1;
      if (live_q[w] && cta_q[w*CB +: CB] >= CTAS)
        wg_bad_cta = 1'b1;
    end
  end
  always @* begin
    if (wg_armed && !rst_i) begin
      a_launch_free: assume ((launch_i & (live_q | ext)) == {WARPS{1'b0}});
      a_launch_cta: assume (launch_i == {WARPS{1'b0}} || (launch_cta_i < CTAS && !wg_cta_busy));
      a_launch_size: assume (COUNT != 1 || launch_i == {WARPS{1'b0}} ||
                             (launch_size_i >= 1 && launch_size_i <= 32 * WARPS));
      a_arrive_live: assume ((arr_i & ~(live_q & ~wait_q & ~ext)) == {WARPS{1'b0}});
      a_sel_in_range: assume (!sel_valid_i || sel_warp_i < WARPS);
      a_ext_in_range: assume (!ext_valid_i || ext_warp_i < WARPS);
      a_acc_live: assume (((acc_i | pend_i) & ~live_q) == {WARPS{1'b0}});
    end
  end

  always @* begin
    if (wg_armed) begin
      // a warp waits at a barrier only while it is live
      p_wait_is_live: assert ((wait_q & ~live_q) == {WARPS{1'b0}});
      // a region is in one of the seven states, its timer within its range
      p_state_legal: assert (!wg_bad_st);
      p_timer_in_range: assert (!wg_bad_tm);
      // a live warp belongs to a CTA slot that exists
      p_cta_in_range: assert (!wg_bad_cta);
    end
  end
