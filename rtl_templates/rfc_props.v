  // rfc_props.v - safety properties of rfc (docs/rfc.md, "Invariants"), proven by
  // `warpgen prove rfc --invariants` (ABC pdr); its assumptions are also the protocol under
  // which `--netlist` compares the RTL with its netlist. Not part of the generated Verilog:
  // warpgen prove inserts this text before the module's endmodule, after a register
  // wg_armed (1 from the cycle after the first rst_i = 1), and reads the result with
  // read_verilog -formal. The names are the template's own signals.

  // The protocol (docs/rfc.md "7. Protocol"; the RTL's simulation-only assertions).
  reg wg_act_busy;  // act_warp_i owns an OWNED or DRAINING slot
  always @* begin : wg_busy
    integer s;
    wg_act_busy = 1'b0;
    for (s = 0; s < A; s = s + 1)
      if (st_q[s] != ST_FREE && owner_q[s] == act_warp_i)
        wg_act_busy = 1'b1;
  end
  always @* begin
    if (wg_armed && !rst_i) begin
      a_lookup_owned: assume (!lu_valid_i || (lu_slot_i < A && st_q[lu_slot_i] == ST_OWNED));
      a_write_warp: assume (!wr_valid_i || wr_warp_i < WARPS);
      a_activate_free: assume (!act_valid_i || (act_slot_i < A && st_q[act_slot_i] == ST_FREE &&
                               act_warp_i < WARPS && !wg_act_busy));
      a_flush_owned: assume (!flush_valid_i || (flush_slot_i < A && st_q[flush_slot_i] == ST_OWNED));
      a_exit_owned: assume (!exit_valid_i || (exit_slot_i < A && st_q[exit_slot_i] == ST_OWNED));
      a_not_both: assume (!(flush_valid_i && exit_valid_i && flush_slot_i == exit_slot_i));
    end
  end

  reg wg_bad_st, wg_two_owned, wg_free_full, wg_dup_tag, wg_bad_rank;
  always @* begin : wg_scan
    integer s, t, e, f;
    wg_bad_st = 1'b0;
    wg_two_owned = 1'b0;
    wg_free_full = 1'b0;
    wg_dup_tag = 1'b0;
    wg_bad_rank = 1'b0;
    for (s = 0; s < A; s = s + 1) begin
      if (st_q[s] == 2'd3)
        wg_bad_st = 1'b1;
      for (t = s + 1; t < A; t = t + 1)
        if (st_q[s] != ST_FREE && st_q[t] != ST_FREE && owner_q[s] == owner_q[t])
          wg_two_owned = 1'b1;
      if (st_q[s] == ST_FREE && valid_q[s] != {N{1'b0}})
        wg_free_full = 1'b1;
      for (e = 0; e < N; e = e + 1)
        for (f = e + 1; f < N; f = f + 1) begin
          if (valid_q[s][e] && valid_q[s][f] && tag_q[s][e*RB +: RB] == tag_q[s][f*RB +: RB])
            wg_dup_tag = 1'b1;
          if (IB > 0 && rank_q[s][e*IBW +: IBW] == rank_q[s][f*IBW +: IBW])
            wg_bad_rank = 1'b1;
        end
      for (e = 0; e < N; e = e + 1)
        if (rank_q[s][e*IBW +: IBW] >= N)
          wg_bad_rank = 1'b1;
    end
  end

  always @* begin
    if (wg_armed) begin
      // a slot is FREE, OWNED or DRAINING
      p_state_legal: assert (!wg_bad_st);
      // a warp holds at most one slot (OWNED or DRAINING)
      p_warp_one_slot: assert (!wg_two_owned);
      // a free slot holds no live entry
      p_free_slot_empty: assert (!wg_free_full);
      // a slot never caches one register twice
      p_tags_distinct: assert (!wg_dup_tag);
      // a slot's LRU ranks are a permutation of 0..ENTRIES-1
      p_ranks_permutation: assert (!wg_bad_rank);
    end
  end
