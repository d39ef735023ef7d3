from assetgen.run.metrics import parse, spec_decode

BEFORE = """# HELP vllm:spec_decode_num_drafts_total Number of spec decoding drafts.
# TYPE vllm:spec_decode_num_drafts_total counter
vllm:spec_decode_num_drafts_total{engine="0",model_name="m"} 100.0
vllm:spec_decode_num_draft_tokens_total{engine="0",model_name="m"} 300.0
vllm:spec_decode_num_accepted_tokens_total{engine="0",model_name="m"} 150.0
vllm:spec_decode_num_accepted_tokens_per_pos_total{engine="0",model_name="m",position="0"} 70.0
vllm:spec_decode_num_accepted_tokens_per_pos_total{engine="0",model_name="m",position="1"} 50.0
vllm:spec_decode_num_accepted_tokens_per_pos_total{engine="0",model_name="m",position="2"} 30.0
vllm:num_requests_running{engine="0",model_name="m"} 1.0
"""


def scaled(drafts, drafted, accepted, per_pos):
    lines = [f'vllm:spec_decode_num_drafts_total{{engine="0"}} {100 + drafts}',
             f'vllm:spec_decode_num_draft_tokens_total{{engine="0"}} {300 + drafted}',
             f'vllm:spec_decode_num_accepted_tokens_total{{engine="0"}} {150 + accepted}']
    for k, (base, add) in enumerate(zip((70, 50, 30), per_pos, strict=True)):
        lines.append(f'vllm:spec_decode_num_accepted_tokens_per_pos_total{{engine="0",position="{k}"}} {base + add}')
    return "\n".join(lines) + "\n"


def test_acceptance_over_the_run_from_counter_deltas():
    before = parse(BEFORE)
    after = parse(scaled(1000, 3000, 1710, (775, 549, 386)))
    spec = spec_decode(before, after)
    assert round(spec.acceptance, 3) == 0.57  # 1710 / 3000, the run's own share, not the lifetime's
    assert [round(p, 3) for p in spec.per_position] == [0.775, 0.549, 0.386]
    assert spec.suspicious is None


def test_stuck_acceptance_with_repetition_loops_is_flagged():
    spec = spec_decode(parse(BEFORE), parse(scaled(1000, 3000, 3000, (1000, 1000, 1000))), degenerate_answers=4)
    assert "stuck near 100%" in spec.suspicious and "4 answer(s) are repetition loops" in spec.suspicious


def test_no_spec_counters_means_no_section():
    assert spec_decode(None, parse('vllm:num_requests_running{engine="0"} 0\n')) is None
