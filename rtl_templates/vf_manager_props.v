  // vf_manager_props.v - safety properties of vf_manager (docs/vf_manager.md, "Invariants"), proven by
  // `warpgen prove vf_manager --invariants` (ABC pdr). Not part of the generated Verilog:
  // warpgen prove inserts this text before the module's endmodule, after a register
  // wg_armed (1 from the cycle after the first rst_i = 1), and reads the result with
  // read_verilog -formal. The names are the template's own signals.

  // The protocol (docs/vf_manager.md "Protocol"): the strobes are all zeros or all ones,
  // assumed outside reset.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_strobes_aligned: assume (stb_i == {SMS{1'b0}} || stb_i == {SMS{1'b1}});
    end
  end

  always @* begin
    if (wg_armed) begin
      // the levels are NORMAL, HIGH or LOW (the code 3 never appears), pending ones too
      p_levels_legal: assert (sm_q != 2'd3 && mem_q != 2'd3);
      p_pending_legal: assert (!busy_q || (nsm_q != 2'd3 && nmem_q != 2'd3));
      // a transition in flight waits at most the larger latency
      p_timer_in_range: assert (!busy_q || tmr_q <= LATMAX - 1);
    end
  end
