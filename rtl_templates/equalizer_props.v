  // equalizer_props.v - safety properties of equalizer (docs/equalizer.md, "Invariants"),
  // proven by `warpgen prove equalizer --invariants` (ABC pdr). Not part of the generated
  // Verilog: warpgen prove inserts this text before the module's endmodule, after a
  // register wg_armed (1 from the cycle after the first rst_i = 1), and reads the result
  // with read_verilog -formal. The names are the template's own signals.

  // A monitor of the protocol's "kernel runs" (docs/equalizer.md "Protocol"): from a
  // kstart_i with kmax_i != 0 until kmax_i is 0; wg_kmax_q is the kernel's kmax_i.
  reg          wg_run_q = 1'b0;
  reg [TB-1:0] wg_kmax_q;
  always @(posedge clk_i) begin
    if (rst_i) begin
      wg_run_q <= 1'b0;
    end else if (kstart_i && kmax_i != ZERO_TB) begin
      wg_run_q  <= 1'b1;
      wg_kmax_q <= kmax_i;
    end else if (kmax_i == ZERO_TB) begin
      wg_run_q <= 1'b0;
    end
  end

  // The protocol's parts these properties need, assumed outside reset.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_kmax_le_max: assume (kmax_i <= MAX_CTAS);
      a_kmax_holds: assume (!wg_run_q || kstart_i || kmax_i == wg_kmax_q || kmax_i == ZERO_TB);
    end
  end

  always @* begin
    if (wg_armed) begin
      // numBlocks (T) stays in 1..kmax while a kernel runs
      p_nblocks_in_1_kmax: assert (!wg_run_q || (t_q >= ONE_TB && t_q <= wg_kmax_q));
      // and never exceeds the slots
      p_nblocks_le_slots: assert (t_q <= MAX_CTAS);
      // a paused CTA is a valid one: a free slot holds no paused CTA
      p_paused_is_valid: assert ((paused_q & ~valid_q) == {C{1'b0}});
    end
  end
