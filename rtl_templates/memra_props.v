  // memra_props.v - safety properties of memra (docs/memra.md, "Invariants"), proven by
  // `warpgen prove memra --invariants` (ABC pdr); its assumptions are also the protocol
  // under which `--netlist` compares the RTL with its netlist. Not part of the generated
  // Verilog: warpgen prove inserts this text before the module's endmodule, after a
  // register wg_armed (1 from the cycle after the first rst_i = 1), and reads the result
  // with read_verilog -formal. The names are the template's own signals.

  // The protocol (docs/memra.md "Protocol"; the RTL's simulation-only check), assumed
  // outside reset: a grant only while the warp wants one and not with its load.
  always @* begin
    if (wg_armed && !rst_i) begin
      a_grant_wanted: assume ((grant_i & ~(want_o & ~ld_i)) == {WARPS{1'b0}});
      a_done_in_range: assume (!done_valid_i || done_warp_i < WARPS);
    end
  end

  // A monitor of rule 4 (a grant costs 2 of the budget): the warps it applied to at the
  // last edge, and their budgets before it.
  reg [WARPS-1:0]    wg_g4_q;
  reg [WARPS*CB-1:0] wg_cnt_q;
  always @(posedge clk_i) begin
    wg_g4_q  <= {WARPS{!rst_i}} & grant_i & ~ld_i & ~dn & ~meas_q;
    wg_cnt_q <= cnt_q;
  end
  reg wg_wrap;  // a budget that did not drop by exactly 2 under rule 4 (it would wrap)
  always @* begin : wg_scan
    integer w;
    wg_wrap = 1'b0;
    for (w = 0; w < WARPS; w = w + 1)
      if (wg_g4_q[w] && (wg_cnt_q[w*CB +: CB] < TWO_CB ||
                         cnt_q[w*CB +: CB] != wg_cnt_q[w*CB +: CB] - TWO_CB))
        wg_wrap = 1'b1;
  end

  always @* begin
    if (wg_armed) begin
      // a granted TFET destination never makes a budget wrap: it drops by exactly 2
      p_budget_no_wrap: assert (!wg_wrap);
      // at most one completion counts in a cycle
      p_one_completion: assert ((dn & (dn - 1'b1)) == {WARPS{1'b0}});
      // a warp that measures a load's latency neither wants a TFET destination nor has priority
      p_measure_no_want: assert ((meas_q & (want_o | prio_o)) == {WARPS{1'b0}});
    end
  end
