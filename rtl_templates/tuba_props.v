  // tuba_props.v - safety properties of tuba (docs/tuba.md, "Invariants"), proven by
  // `warpgen prove tuba --invariants` (ABC pdr). Not part of the generated Verilog:
  // warpgen prove inserts this text before the module's endmodule, after a register
  // wg_armed (1 from the cycle after the first rst_i = 1), and reads the result with
  // read_verilog -formal. The names are the template's own signals.

  // The protocol (docs/tuba.md "Protocol"), assumed outside reset.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_occ_range: assume (!start_i || (occ_i >= 1 && occ_i <= MAX_BLOCKS));
      a_free_range: assume (free_i <= TFET_REGS);
      a_res_range: assume (res_i <= MAX_BLOCKS);
    end
  end

  always @* begin
    if (wg_armed) begin
      // the kernel's cap never exceeds MAX_BLOCKS
      p_cap_le_max: assert (cap_q <= MAX_BLOCKS);
      // the block limit stays in 1..cap (0 only before the first kernel, with cap 0)
      p_lim_in_1_cap: assert (cap_q == 0 ? lim_q == 0 : (lim_q >= 1 && lim_q <= cap_q));
    end
  end
