  // equalizer_gpu_props.v - the composition's own protocol (docs/equalizer_gpu.md "Invariants"),
  // inserted by `warpgen prove equalizer_gpu` into the top module (docs/cosim.md "Proofs"). Its
  // leaves' files add their properties; vf_manager's a_strobes_aligned (every SM strobes
  // together) is driven by the equalizers' dec_valid_o, so it is the composition's obligation,
  // and it holds only because a kernel starts on every SM in the same cycle (docs/equalizer.md
  // "The GPU composition": aligned epochs). Without this assumption pdr finds the equalizers'
  // epochs apart (kstart_i on one SM only) and vf_manager's strobes split (cycle 9 at SMS=2).
  always @* begin
    if (wg_armed && !rst_i) begin
      // a kernel starts on every SM together, or on none
      a_kstart_together: assume (!(|kstart_i) || (&kstart_i));
    end
  end
