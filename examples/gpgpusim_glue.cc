// gpgpusim_glue.cc - the library's two-level scheduler and register file cache
// behind the interfaces a C++ GPU simulator has: a scheduler whose
// order_warps() gives the warps to issue this cycle (the shape of
// GPGPU-Sim's scheduler_unit subclasses, e.g. two_level_active_scheduler in
// src/gpgpu-sim/shader.cc), and a register file cache reached through
// operand-collector hooks (lookup before a bank read, write at write-back,
// flush on demotion: the places gem5's RegisterFileCache answers inRFC() and
// markRFC()). docs/library.md maps each hook to those classes.
//
// It runs examples/sm_trace.txt through both and prints the same figures as
// examples/sm_trace.c (tests/lib_check.sh compares them).
//
//   c++ -std=c++17 gpgpusim_glue.cc $(pkg-config --cflags --libs warpgen) -o gpgpusim_glue
//   ./gpgpusim_glue sm_trace.txt [ACTIVE]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <warpgen/rfc.h>
#include <warpgen/sched2l.h>
#include <warpgen/wg_energy.h>

#include "sm_trace_env.h"

// The simulator's side of a warp scheduler: order_warps() fills the list
// its issue stage walks each cycle (GPGPU-Sim: scheduler_unit,
// m_next_cycle_prioritized_warps).
class scheduler_unit_like {
public:
	virtual ~scheduler_unit_like() = default;
	virtual void order_warps() = 0;
	const std::vector<unsigned> &next_cycle_prioritized_warps() const { return m_next_cycle_prioritized_warps; }

protected:
	std::vector<unsigned> m_next_cycle_prioritized_warps;
};

// The two-level scheduler model as a scheduler_unit: the shader sets the
// warps' status (its scoreboard's verdicts), order_warps() asks the model,
// cycle_end() is the clock edge. The model issues at most one warp a cycle:
// the list holds that warp or nothing. Demotions and promotions are read
// from outputs() and passed on to the register file cache.
class warpgen_two_level_scheduler : public scheduler_unit_like {
public:
	explicit warpgen_two_level_scheduler(const s2l_cfg &c) : m_(s2l_new(&c))
	{
		if (!m_)
			throw std::runtime_error("sched2l: out of memory");
		std::memset(&in_, 0, sizeof in_);
		in_.rst = 1; // one reset edge: slot s holds warp s
		s2l_tick(m_, &in_);
		in_.rst = 0;
	}
	~warpgen_two_level_scheduler() override { s2l_free(m_); }
	warpgen_two_level_scheduler(const warpgen_two_level_scheduler &) = delete;
	warpgen_two_level_scheduler &operator=(const warpgen_two_level_scheduler &) = delete;

	void set_warp_status(uint64_t ready, uint64_t marked, uint64_t long_pending, uint64_t at_exit)
	{
		in_.rdy = ready;
		in_.mark = marked;
		in_.llp = long_pending;
		in_.fin = at_exit;
	}
	void set_slot_free(uint64_t free_slots) { in_.slot_free = free_slots; }

	void order_warps() override
	{
		if (s2l_eval(m_, &in_, &out_))
			throw std::runtime_error(std::string("sched2l: ") + out_.msg);
		m_next_cycle_prioritized_warps.clear();
		if (out_.iss_valid)
			m_next_cycle_prioritized_warps.push_back(out_.iss_warp);
	}
	const s2l_out &outputs() const { return out_; }
	void cycle_end() { s2l_tick(m_, &in_); }
	const uint64_t *counts() const { return s2l_counts(m_); }

private:
	s2l_model *m_;
	s2l_in in_{};
	s2l_out out_{};
};

// The register file cache model behind operand-collector hooks. Every hook
// sets this cycle's inputs; rfc_eval has no side effect, so lookup() can
// answer at once and cycle() evaluates again with everything the cycle
// brought (write-back, slot changes) before the clock edge.
class warpgen_rfc_hooks {
public:
	explicit warpgen_rfc_hooks(const rfc_cfg &c) : m_(rfc_new(&c)), lanes_(c.lanes)
	{
		if (!m_)
			throw std::runtime_error("rfc: out of memory");
		wr_data_ = rfc_in_init(m_, &in_);
		rfc_out_init(m_, &out_);
		in_.rst = 1;
		rfc_tick(m_, &in_);
		clear();
	}
	~warpgen_rfc_hooks() { rfc_free(m_); }
	warpgen_rfc_hooks(const warpgen_rfc_hooks &) = delete;
	warpgen_rfc_hooks &operator=(const warpgen_rfc_hooks &) = delete;

	// Before the operand collector requests bank reads for the instruction of
	// the warp in `slot` (gem5: inRFC per source): bit p set = source p hits,
	// its MRF bank read is not needed. last_use: bit p = source p's last read.
	unsigned lookup(unsigned slot, unsigned en, const unsigned reg[3], unsigned last_use)
	{
		in_.lu_valid = 1;
		in_.lu_slot = slot;
		in_.lu_en = en;
		for (int p = 0; p < 3 && p < RFC_MAX_READ_PORTS; p++)
			in_.lu_reg[p] = reg[p];
		in_.lu_last = last_use;
		evaluate();
		return out_.lu_hit;
	}
	// A result at write-back (gem5: markRFC): into the cache, or around it
	// to the MRF when bypass (long-latency results).
	void write(unsigned warp, unsigned reg, bool bypass, const std::vector<uint64_t> &lanes)
	{
		in_.wr_valid = 1;
		in_.wr_warp = warp;
		in_.wr_reg = reg;
		in_.wr_bypass = bypass;
		in_.wr_mask = lanes_ == 64 ? ~uint64_t(0) : (uint64_t(1) << lanes_) - 1;
		for (int l = 0; l < lanes_; l++)
			wr_data_[l] = lanes[(size_t)l];
	}
	// The scheduler's slot changes: a promotion allocates the slot, a
	// demotion flushes its live entries to the MRF, an EXIT drops them.
	void on_promote(unsigned slot, unsigned warp)
	{
		in_.act_valid = 1;
		in_.act_slot = slot;
		in_.act_warp = warp;
	}
	void on_demote(unsigned slot)
	{
		in_.flush_valid = 1;
		in_.flush_slot = slot;
	}
	void on_exit(unsigned slot)
	{
		in_.exit_valid = 1;
		in_.exit_slot = slot;
	}
	// Slots a promotion may use (the scheduler's slot_free_i).
	uint64_t free_slots() const { return rfc_slots_in_state(m_, RFC_SLOT_FREE); }
	// The clock edge.
	void cycle()
	{
		evaluate();
		rfc_tick(m_, &in_);
		clear();
	}
	const uint64_t *counts() const { return rfc_counts(m_); }

private:
	void evaluate()
	{
		if (rfc_eval(m_, &in_, &out_))
			throw std::runtime_error(std::string("rfc: ") + out_.msg);
	}
	void clear()
	{
		const uint64_t *keep = in_.wr_data;
		std::memset(&in_, 0, sizeof in_);
		in_.wr_data = keep;
	}
	rfc_model *m_;
	int lanes_;
	rfc_in in_{};
	rfc_out out_{};
	uint64_t *wr_data_;
};

static void print_events(const char *inst, const wg_block &b, const uint64_t *counts, const wg_energy_model &em)
{
	for (int i = 0; i < b.nevents; i++) {
		std::string name = std::string(inst) + "." + b.events[i].name;
		std::printf("event %-24s %8llu %10.4f %12.2f\n", name.c_str(), (unsigned long long)counts[i], em.pj[i],
			    em.pj[i] * (double)counts[i]);
	}
}

int main(int argc, char **argv)
{
	static sm_env env;
	char err[512];
	if (argc < 2 || argc > 3 || env_load(&env, argv[1], err, sizeof err)) {
		std::fprintf(stderr, argc < 2 || argc > 3 ? "usage: gpgpusim_glue TRACE [ACTIVE]\n" : "gpgpusim_glue: %s\n",
			     err);
		return 2;
	}
	s2l_cfg sc;
	s2l_cfg_default(&sc);
	sc.warps = env.warps;
	sc.active = argc == 3 ? std::atoi(argv[2]) : 4;
	rfc_cfg rc;
	rfc_cfg_default(&rc);
	rc.warps = sc.warps;
	rc.active_warps = sc.active;
	if (sc.active < 1 || sc.active > sc.warps || rfc_cfg_check(&rc, err, sizeof err)) {
		std::fprintf(stderr, "gpgpusim_glue: ACTIVE=%d out of range (legal range 1..%d)\n", sc.active, sc.warps);
		return 2;
	}
	try {
		warpgen_two_level_scheduler sched(sc);
		warpgen_rfc_hooks rfc(rc);
		std::vector<uint64_t> lanes((size_t)rc.lanes);
		uint64_t cycles = 0, after = 0;
		while (after < 16) {
			// the shader's scoreboard, then the scheduler
			env_sched_in es;
			env_sched_inputs(&env, &es);
			sched.set_warp_status(es.rdy, es.mark, es.llp, es.fin);
			sched.set_slot_free(rfc.free_slots());
			sched.order_warps();
			const s2l_out &o = sched.outputs();
			// the operand collector: last cycle's issue reads its sources
			if (o.tag_valid) {
				unsigned en, reg[3], last;
				env_lookup(&env, &en, reg, &last);
				rfc.lookup(o.tag_slot, en, reg, last);
			}
			// write-back
			env_wb wb = env_writeback(&env);
			if (wb.valid) {
				for (size_t l = 0; l < lanes.size(); l++)
					lanes[l] = ((uint64_t)wb.warp << 16 | (uint64_t)wb.reg << 8 | (uint64_t)l) ^ cycles;
				rfc.write((unsigned)wb.warp, (unsigned)wb.reg, wb.bypass != 0, lanes);
			}
			// the scheduler's slot changes reach the cache in the same cycle
			if (o.pro_valid)
				rfc.on_promote(o.pro_slot, o.pro_warp);
			if (o.dem_valid)
				rfc.on_demote(o.dem_slot);
			if (o.ext_valid)
				rfc.on_exit(o.ext_slot);
			const std::vector<unsigned> &order = sched.next_cycle_prioritized_warps();
			int issued = !order.empty();
			unsigned warp = issued ? order.front() : 0;
			sched.cycle_end();
			rfc.cycle();
			env_step(&env, issued, (int)warp);
			cycles++;
			after += env_done(&env);
			if (cycles > 100000)
				throw std::runtime_error("the trace did not finish in 100000 cycles");
		}
		long ps[S2L_NPARAMS], pr[RFC_NPARAMS];
		wg_energy_model es, er;
		s2l_cfg_to_params(&sc, ps);
		rfc_cfg_to_params(&rc, pr);
		if (wg_energy_model_init(&es, &wg_block_sched2l, ps, err, sizeof err) ||
		    wg_energy_model_init(&er, &wg_block_rfc, pr, err, sizeof err))
			throw std::runtime_error(std::string("energy: ") + err);
		const uint64_t *rcnt = rfc.counts();
		std::printf("cycles %llu\n", (unsigned long long)cycles);
		std::printf("mrf_reads_avoided %llu of %llu source reads\n", (unsigned long long)rcnt[RFC_EV_MRF_READ_AVOIDED],
			    (unsigned long long)(rcnt[RFC_EV_MRF_READ] + rcnt[RFC_EV_MRF_READ_AVOIDED]));
		print_events("sched", wg_block_sched2l, sched.counts(), es);
		print_events("rfc", wg_block_rfc, rcnt, er);
	} catch (const std::exception &e) {
		std::fprintf(stderr, "gpgpusim_glue: %s\n", e.what());
		return 1;
	}
	return 0;
}
