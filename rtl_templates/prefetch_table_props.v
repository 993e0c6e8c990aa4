  // prefetch_table_props.v - safety properties of prefetch_table (docs/prefetch_table.md,
  // "Invariants"), proven by `warpgen prove prefetch_table --invariants` (ABC pdr); its
  // assumptions are also the protocol under which `--netlist` compares the RTL with its
  // netlist. Not part of the generated Verilog: warpgen prove inserts this text before the
  // module's endmodule, after a register wg_armed (1 from the cycle after the first
  // rst_i = 1), and reads the result with read_verilog -formal. The names are the
  // template's own signals.

  // The protocol (docs/prefetch_table.md "Protocol"; the C model's pt_check), assumed
  // outside reset: a load's ld_* inputs are held, ld_valid_i high, from its take until
  // ld_ack_o (while the phase is not IDLE they equal the previous cycle's), its mask is not
  // empty, its warp is below WARPS.
  reg                          wg_v_q;
  reg [PC_BITS-1:0]            wg_pc_q;
  reg [WB-1:0]                 wg_warp_q;
  reg [THREADS-1:0]            wg_mask_q;
  reg [THREADS*ADDR_BITS-1:0]  wg_addr_q;
  reg                          wg_miss_q;
  reg [ITER_BITS-1:0]          wg_iter_q;
  always @(posedge clk_i) begin
    wg_v_q    <= ld_valid_i;
    wg_pc_q   <= ld_pc_i;
    wg_warp_q <= ld_warp_i;
    wg_mask_q <= ld_mask_i;
    wg_addr_q <= ld_addr_i;
    wg_miss_q <= ld_miss_i;
    wg_iter_q <= ld_iter_i;
  end
  always @* begin
    if (wg_armed && !rst_i) begin
      a_held: assume (ph_q == PH_IDLE || (ld_valid_i && wg_v_q && ld_pc_i == wg_pc_q &&
                      ld_warp_i == wg_warp_q && ld_mask_i == wg_mask_q && ld_addr_i == wg_addr_q &&
                      ld_miss_i == wg_miss_q && ld_iter_i == wg_iter_q));
      a_mask_nonzero: assume (!ld_valid_i || ld_mask_i != {THREADS{1'b0}});
      a_warp_in_range: assume (!ld_valid_i || ld_warp_i < WARPS);
    end
  end

  // entries whose PF Type is the unused code 3
  reg wg_bad_type;
  always @* begin : wg_types
    integer i;
    wg_bad_type = 1'b0;
    for (i = 0; i < ENTRIES; i = i + 1)
      if (type_q[2*i +: 2] == 2'd3)
        wg_bad_type = 1'b1;
  end

  always @* begin
    if (wg_armed) begin
      // the prefetch queue never holds more than PQ_DEPTH lines
      p_count_le_depth: assert (cnt_q <= PQ_DEPTH);
      // its head and tail are slots of the queue
      p_ptrs_in_range: assert (hd_q < PQ_DEPTH && tl_q < PQ_DEPTH);
      // the count is the distance from head to tail (full: they meet)
      p_count_is_distance: assert (cnt_q == PQ_DEPTH ? (tl_q == hd_q)
                                   : (((tl_q + PQ_DEPTH - hd_q) % PQ_DEPTH) == cnt_q));
      // an entry's PF Type is NONE, FOA or TIA
      p_type_legal: assert (!wg_bad_type);
      // the load's FOA entry is an entry of the table
      p_entry_in_range: assert (ent_q < ENTRIES);
    end
  end
