  // reexec_q_props.v - safety properties of reexec_q (docs/reexec_q.md, "Invariants"),
  // proven by `warpgen prove reexec_q --invariants` (ABC pdr). Not part of the generated
  // Verilog: warpgen prove inserts this text before the module's endmodule, after a
  // register wg_armed (1 from the cycle after the first rst_i = 1), and reads the result
  // with read_verilog -formal. The names are the template's own signals.

  // The protocol (docs/reexec_q.md "Protocol"; the RTL's simulation-only checks):
  // assumed outside reset, as the C model and the RTL's own checks require it.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_push_not_full: assume (!(push_valid_i && full));
      a_one_answer: assume (rp ? (rp_ack_i != rp_nack_i) : !(rp_ack_i || rp_nack_i));
    end
  end

  // slots that hold an entry, counted
  function automatic integer wg_ones(input [ENTRIES-1:0] v);
    integer k;
    begin
      wg_ones = 0;
      for (k = 0; k < ENTRIES; k = k + 1)
        wg_ones = wg_ones + v[k];
    end
  endfunction

  always @* begin
    if (wg_armed) begin
      // occupancy never exceeds ENTRIES
      p_count_le_entries: assert (cnt_q <= ENTRIES);
      // head and tail are slots of the queue
      p_ptrs_in_range: assert (hd_q < ENTRIES && tl_q < ENTRIES);
      // the count is the distance from head to tail (full: they meet)
      p_count_is_distance: assert (cnt_q == FULL_C ? (tl_q == hd_q)
                                   : (((tl_q + ENTRIES - hd_q) % ENTRIES) == cnt_q));
      // a free slot holds no live entry: exactly count slots are occupied
      p_occupied_is_count: assert (wg_ones(occ) == cnt_q);
      // an empty queue reports no warp in has_o
      p_empty_has_none: assert (cnt_q != 0 || has == {WARPS{1'b0}});
    end
  end
