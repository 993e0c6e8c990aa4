  // prove_reexec_q_false.v - a false invariant of reexec_q for tests/prove_check.sh: the
  // protocol assumptions of rtl_templates/reexec_q_props.v and one property that a legal
  // run breaks (the queue fills up), so `warpgen prove reexec_q --invariants --props` must
  // end with a counterexample naming p_never_full and a trace.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_push_not_full: assume (!(push_valid_i && full));
      a_one_answer: assume (rp ? (rp_ack_i != rp_nack_i) : !(rp_ack_i || rp_nack_i));
    end
  end
  always @* begin
    if (wg_armed) begin
      p_never_full: assert (cnt_q != FULL_C);
    end
  end
