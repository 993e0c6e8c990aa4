# Every directed case's claim can fail (issue 26 part 4): per block, the fixture
# cosim/<block>/<block>_case_neg.tsv gives a case a wrong design (one sed edit of the generated
# Verilog) that the case must FAIL with a named mismatch (tests/case_neg.sh). One Verilator build
# each (5-10 CPU-s): make sweep. docs/cosim.md "Can every directed case fail?" has the review.
for _cn_b in $("${OUT:-out}"/bin/warpgen list | awk '{print $1}'); do
	[ -f "cosim/$_cn_b/${_cn_b}_case_neg.tsv" ] || continue
	# (a case's second line, the other half of its claim: rtl:case-neg-BLOCK-CASE-DESIGN)
	for _cn_c in $(awk -F'\t' '!/^#/ && NF >= 4 {print (n[$1]++ ? $1 "/" $2 : $1)}' "cosim/$_cn_b/${_cn_b}_case_neg.tsv"); do
		t sweep "rtl:case-neg-$_cn_b-${_cn_c//\//-}" "tests/case_neg.sh $_cn_b ${_cn_c//\// }"
	done
done
