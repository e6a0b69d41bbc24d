//! The model presets as data: one `preset(..)` entry per model, with the values of its published config
//! (layers, hidden, heads, KV heads, head dim, context; experts for an MoE), in the order the page lists them.

use super::ModelArch;

const fn preset(
    id: &'static str,
    name: &'static str,
    total_params: f64,
    active_params: f64,
    shape: (u32, u32, u32, u32, u32),
    max_context: u32,
) -> ModelArch {
    let (layers, hidden, heads, kv_heads, head_dim) = shape;
    ModelArch {
        id,
        name,
        total_params,
        active_params,
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim,
        max_context,
        kv_bytes_per_token_bf16_override: None,
        sliding_window: None,
        estimated: false,
        experts: 0,
        experts_per_token: 0,
    }
}

/// The presets, in the order the page lists them. Shapes: (layers, hidden, heads, KV heads, head dim).
pub const PRESETS: &[ModelArch] = &[
    preset(
        "llama2-7b",
        "Llama 2 7B",
        6_738_415_616.0,
        6_738_415_616.0,
        (32, 4096, 32, 32, 128),
        4096,
    ),
    preset(
        "llama2-13b",
        "Llama 2 13B",
        13_015_864_320.0,
        13_015_864_320.0,
        (40, 5120, 40, 40, 128),
        4096,
    ),
    preset(
        "llama2-70b",
        "Llama 2 70B",
        68_976_648_192.0,
        68_976_648_192.0,
        (80, 8192, 64, 8, 128),
        4096,
    ),
    preset(
        "llama3.1-8b",
        "Llama 3.1 8B",
        8_030_261_248.0,
        8_030_261_248.0,
        (32, 4096, 32, 8, 128),
        131_072,
    ),
    preset(
        "llama3.1-70b",
        "Llama 3.1 70B",
        70_553_706_496.0,
        70_553_706_496.0,
        (80, 8192, 64, 8, 128),
        131_072,
    ),
    preset(
        "llama3.1-405b",
        "Llama 3.1 405B",
        405_853_388_800.0,
        405_853_388_800.0,
        (126, 16384, 128, 8, 128),
        131_072,
    ),
    // Issue 24 #23, current open models. Shapes from the published config.json (copies kept verbatim in
    // github ai-dynamo/aiconfigurator aic-core/src/aiconfigurator_core/model_configs @ 095f58a5, 2026-08-21),
    // parameters computed from them as models.csv does: embeddings and head counted, active = attention +
    // router + the experts a token uses (+ shared expert).
    // Llama 3.3 70B: the Llama 3.1 70B architecture (Meta's model card; oumi configs/recipes/llama3_3 README:
    // vocab 128,256, hidden 8192, MLP 28,672, 80 layers, 64 heads, 8 KV heads, 131,072 context).
    preset(
        "llama3.3-70b",
        "Llama 3.3 70B",
        70_553_706_496.0,
        70_553_706_496.0,
        (80, 8192, 64, 8, 128),
        131_072,
    ),
    // Llama 4 Scout (text model; the vision encoder is not counted): 48 MoE layers of 16 routed experts (1 per
    // token) plus a shared expert, intermediate 8192. Published: 109B total, 17B active. Three layers in four
    // attend in 8,192-token chunks; every layer is counted as global here (the KV cache is overstated past 8K).
    ModelArch {
        experts: 16,
        experts_per_token: 1,
        ..preset(
            "llama4-scout",
            "Llama 4 Scout 17B-16E (MoE)",
            107_769_861_120.0,
            17_172_894_720.0,
            (48, 5120, 40, 8, 128),
            10_485_760,
        )
    },
    // Llama 4 Maverick: MoE on every other layer (interleave step 2): 128 routed experts (1 per token) plus a
    // shared expert; dense layers' MLP 16,384. Published: 400B total, 17B active. Same chunked-attention caveat.
    ModelArch {
        experts: 128,
        experts_per_token: 1,
        ..preset(
            "llama4-maverick",
            "Llama 4 Maverick 17B-128E (MoE)",
            400_711_848_960.0,
            17_184_691_200.0,
            (48, 5120, 40, 8, 128),
            1_048_576,
        )
    },
    ModelArch {
        sliding_window: Some(4096),
        ..preset(
            "mistral-7b",
            "Mistral 7B v0.1",
            7_241_732_096.0,
            7_241_732_096.0,
            (32, 4096, 32, 8, 128),
            32_768,
        )
    },
    // Mistral Small 3.1 24B (2503), its text decoder: 40 layers, hidden 5,120, 32 heads of 128 (not
    // hidden ÷ heads), 8 KV heads, MLP 32,768, vocabulary 131,072, context 131,072, no sliding window
    // (NVIDIA/TensorRT-LLM tests/unittest/_torch/modeling/test_modeling_mistral.py @ 56851033, fixture
    // `mistral_small_3_1_24b_config`, its HF config with the layer count cut for CI from "the original 40").
    // Parameters computed from that config: 23,572,403,200 (untied embeddings); Mistral's "24B" adds the
    // 0.44B Pixtral vision encoder, which a text plan does not load.
    preset(
        "mistral-small-3.1",
        "Mistral Small 3.1 24B",
        23_572_403_200.0,
        23_572_403_200.0,
        (40, 5120, 32, 8, 128),
        131_072,
    ),
    // Mistral Large 2 (Mistral-Large-Instruct-2407): 88 layers, hidden 12,288, 96 heads, 8 KV heads, MLP
    // 28,672, vocabulary 32,768 (Lightning-AI/litgpt litgpt/config.py @ 293089e2, "Mistral-Large-Instruct-2407",
    // transcribed from its HF config.json), 128K context (Mistral AI, "Large Enough", 2024-07-24). Parameters
    // computed: 122,610,069,504; published "123B".
    preset(
        "mistral-large-2",
        "Mistral Large 2 123B",
        122_610_069_504.0,
        122_610_069_504.0,
        (88, 12288, 96, 8, 128),
        131_072,
    ),
    ModelArch {
        experts: 8,
        experts_per_token: 2,
        ..preset(
            "mixtral-8x7b",
            "Mixtral 8x7B",
            46_702_792_704.0,
            12_879_925_248.0,
            (32, 4096, 32, 8, 128),
            32_768,
        )
    },
    ModelArch {
        experts: 8,
        experts_per_token: 2,
        ..preset(
            "mixtral-8x22b",
            "Mixtral 8x22B",
            140_620_634_112.0,
            39_152_031_744.0,
            (56, 6144, 48, 8, 128),
            65_536,
        )
    },
    preset(
        "qwen2.5-7b",
        "Qwen2.5 7B",
        7_615_616_512.0,
        7_615_616_512.0,
        (28, 3584, 28, 4, 128),
        131_072,
    ),
    preset(
        "qwen2.5-14b",
        "Qwen2.5 14B",
        14_770_033_664.0,
        14_770_033_664.0,
        (48, 5120, 40, 8, 128),
        131_072,
    ),
    preset(
        "qwen2.5-32b",
        "Qwen2.5 32B",
        32_763_876_352.0,
        32_763_876_352.0,
        (64, 5120, 40, 8, 128),
        131_072,
    ),
    preset(
        "qwen2.5-72b",
        "Qwen2.5 72B",
        72_706_203_648.0,
        72_706_203_648.0,
        (80, 8192, 64, 8, 128),
        131_072,
    ),
    // Qwen3 (config.json: max_position_embeddings 40,960; YaRN extends it): computed 8.19B, 32.76B,
    // 30.53B / 3.35B active, 235.09B / 22.19B active (published 8.2B, 32.8B, 30.5B / 3.3B, 235B / 22B).
    preset(
        "qwen3-8b",
        "Qwen3 8B",
        8_190_735_360.0,
        8_190_735_360.0,
        (36, 4096, 32, 8, 128),
        40_960,
    ),
    preset(
        "qwen3-32b",
        "Qwen3 32B",
        32_762_123_264.0,
        32_762_123_264.0,
        (64, 5120, 64, 8, 128),
        40_960,
    ),
    ModelArch {
        experts: 128,
        experts_per_token: 8,
        ..preset(
            "qwen3-30b-a3b",
            "Qwen3 30B-A3B (MoE)",
            30_532_122_624.0,
            3_353_032_704.0,
            (48, 2048, 32, 4, 128),
            40_960,
        )
    },
    ModelArch {
        experts: 128,
        experts_per_token: 8,
        ..preset(
            "qwen3-235b-a22b",
            "Qwen3 235B-A22B (MoE)",
            235_093_634_560.0,
            22_190_763_520.0,
            (94, 4096, 64, 4, 128),
            40_960,
        )
    },
    // Gemma 2 alternates local (4096-token window) and global layers; every layer is counted as
    // global here, so past 4096 tokens the KV cache is overstated (by up to 25 % at 8192): a
    // conservative fit. head_dim is the config's (256 and 128), not hidden / heads.
    preset(
        "gemma2-9b",
        "Gemma 2 9B",
        9_241_705_984.0,
        9_241_705_984.0,
        (42, 3584, 16, 8, 256),
        8192,
    ),
    preset(
        "gemma2-27b",
        "Gemma 2 27B",
        27_227_128_320.0,
        27_227_128_320.0,
        (46, 4608, 32, 16, 128),
        8192,
    ),
    // Full multi-head attention (32 KV heads) with a 2047-token sliding window on every layer (most
    // config copies; one revision says 2048).
    ModelArch {
        sliding_window: Some(2047),
        ..preset(
            "phi3-mini",
            "Phi-3 mini (4K)",
            3_821_079_552.0,
            3_821_079_552.0,
            (32, 3072, 32, 32, 96),
            4096,
        )
    },
    // 256 routed experts, 8 per token, plus 1 shared expert (counted in the active parameters).
    ModelArch {
        kv_bytes_per_token_bf16_override: Some(70_272.0),
        experts: 256,
        experts_per_token: 8,
        ..preset(
            "deepseek-v3",
            "DeepSeek-V3 (MoE, MLA)",
            671_026_419_200.0,
            37_552_297_472.0,
            (61, 7168, 128, 128, 128),
            163_840,
        )
    },
    // DeepSeek-R1: DeepSeek-V3's architecture (its config.json matches V3's field for field: 61 layers, MLA,
    // 256 routed experts, 8 per token).
    ModelArch {
        kv_bytes_per_token_bf16_override: Some(70_272.0),
        experts: 256,
        experts_per_token: 8,
        ..preset(
            "deepseek-r1",
            "DeepSeek-R1 (MoE, MLA)",
            671_026_419_200.0,
            37_552_297_472.0,
            (61, 7168, 128, 128, 128),
            163_840,
        )
    },
    // gpt-oss: MoE with biases and attention sinks; computed 116.83B and 20.91B total (published 116.83B and
    // 20.91B); active 5.71B and 4.19B counting the embedding (the model card's 5.13B and 3.61B leave it out).
    // Alternate layers attend in a 128-token window; every layer is counted as global here. Weights ship in
    // MXFP4 (choose INT4 to plan them as shipped).
    ModelArch {
        experts: 32,
        experts_per_token: 4,
        ..preset(
            "gpt-oss-20b",
            "gpt-oss-20b (MoE)",
            20_914_757_184.0,
            4_187_440_704.0,
            (24, 2880, 64, 8, 64),
            131_072,
        )
    },
    ModelArch {
        experts: 128,
        experts_per_token: 4,
        ..preset(
            "gpt-oss-120b",
            "gpt-oss-120b (MoE)",
            116_829_156_672.0,
            5_711_982_912.0,
            (36, 2880, 64, 8, 64),
            131_072,
        )
    },
];
