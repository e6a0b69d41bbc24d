//! UI labels in English and Chinese. One enum: a label missing in either language does not compile.

use crate::scenario::Lang;

macro_rules! messages {
    ($($name:ident => $en:literal, $zh:literal;)*) => {
        /// A label of the page.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Msg { $($name),* }

        /// The label in a language: a lookup in two tables of text (data, not a compiled `match`).
        pub fn t(lang: Lang, m: Msg) -> &'static str {
            const EN: &[&str] = &[$($en),*];
            const ZH: &[&str] = &[$($zh),*];
            let table = match lang {
                Lang::En => EN,
                Lang::Zh => ZH,
            };
            table.get(m as usize).copied().unwrap_or_default()
        }

        /// Every label, for tests.
        pub const ALL: &[Msg] = &[$(Msg::$name),*];
    };
}

messages! {
    Tagline => "AWS GPU, Trainium and Inferentia instances: what fits, how many, how long, and what it costs under every way to buy.",
        "AWS GPU、Trainium 与 Inferentia 实例：放得下吗、要几台、跑多久，以及每种购买方式各花多少钱。";
    ViewPlan => "Plan", "规划";
    ViewExplore => "Explore", "浏览目录";
    ViewCompare => "Compare", "对比";
    ViewAssumptions => "Assumptions", "假设";
    LedgerLink => "The accuracy ledger: every published run the estimates are held to, by accelerator family →", "准确度记录：规划器对照的每个公开实测，按加速器系列列出 →";
    Language => "Language", "语言";
    // The language's name in itself, as the language select lists it.
    LanguageName => "English", "中文";
    Colon => ": ", "：";
    Currency => "Currency", "货币";
    CopyLink => "Copy link", "复制链接";
    Copied => "Link copied", "链接已复制";
    CopyFailed => "Copy failed: select the address bar and copy it", "复制失败：请手动复制地址栏";
    Reset => "Reset", "重置";
    ReviewAssumptions => "Review them", "查看这些假设";
    SkipToResult => "Skip to the result", "跳到结果";
    Workload => "Workload", "工作负载";
    Task => "Task", "任务";
    TaskInfer => "Serve a model", "模型推理";
    TaskTrain => "Train from scratch", "从头训练";
    TaskFinetune => "Fine-tune", "微调";
    TaskGraphics => "Graphics", "图形渲染";
    TaskHpc => "FP64 HPC", "FP64 科学计算";
    Model => "Model", "模型";
    CustomModel => "Custom size", "自定义大小";
    ParamsB => "Parameters (billions)", "参数量（十亿）";
    ActiveB => "Active parameters, MoE (billions)", "激活参数，MoE（十亿）";
    Precision => "Precision", "精度";
    Context => "Context length (tokens)", "上下文长度（token）";
    SeqLen => "Sequence length (tokens)", "序列长度（token）";
    Concurrency => "Concurrent users (sequences)", "并发用户（序列）数";
    PerRequest => "Per 1,000 requests", "每千次请求";
    Ttft => "Time to first token", "首 token 时间";
    TtftTarget => "First token within (s, with queue; 0 = any)", "首 token 时限（秒，含排队；0 = 不限）";
    Speculation => "Speculative decoding", "推测解码";
    SpecOff => "Off", "关闭";
    SpecEagle => "EAGLE-3 head", "EAGLE-3 头";
    Draft => "Draft", "草稿";
    SpecDraft => "Draft model", "草稿模型";
    SpecTokens => "Draft tokens (γ)", "草拟 token 数（γ）";
    SpecDraftB => "Draft size (B params)", "草稿规模（十亿参数）";
    Room => "Room on these instances", "这些实例的剩余容量";
    PromptTokens => "Prompt tokens per request", "每次请求输入 token 数";
    OutputTokens => "Output tokens per request", "每次请求输出 token 数";
    MicroBatch => "Sequences per replica per step (micro-batch × accumulation)", "每副本每步序列数（微批 × 梯度累积）";
    TrainTokens => "Training tokens (billions)", "训练 token 数（十亿）";
    TargetDays => "Target duration (days; sizes the fleet)", "目标时长（天；据此定实例数）";
    JobRequests => "Requests to process as one job (0 = a service)", "作为一个作业处理的请求数（0 = 持续服务）";
    TargetTps => "Total throughput needed (output tokens/s, 0 = what the users need)", "所需总吞吐（输出 token/秒，0 = 按用户数）";
    SeqTps => "Speed each user needs (output tokens/s, 0 = any)", "每位用户所需速度（输出 token/秒，0 = 不限）";
    Method => "Method", "方法";
    ServingMode => "Serving", "服务方式";
    Online => "Online (no Spot)", "在线（不可中断）";
    Batch => "Batch (Spot OK)", "批量（可中断）";
    Seats => "Seats or streams", "席位或视频流数";
    SeatGpuMem => "GPU memory per seat (GiB)", "每席位 GPU 显存（GiB）";
    SeatVcpus => "vCPUs per seat", "每席位 vCPU";
    SeatRam => "RAM per seat (GiB)", "每席位内存（GiB）";
    HpcFp64 => "FP64 needed (TFLOPS)", "所需 FP64（TFLOPS）";
    HpcMem => "Accelerator memory for the job (GiB)", "作业所需加速器显存（GiB）";
    Constraints => "Constraints", "约束";
    CudaOnly => "Needs CUDA or custom CUDA kernels", "依赖 CUDA 或自定义 CUDA 算子";
    NonTransformer => "Not a standard Transformer (multimodal, speech…)", "非标准 Transformer（多模态、语音等）";
    Urgent => "Must launch now (no 1-2 weeks of Neuron porting)", "必须立即上线（无法等待 1-2 周 Neuron 适配）";
    Multinode => "Allow multi-node (EFA)", "允许多节点（EFA）";
    HintEfa => "EFA (Elastic Fabric Adapter): AWS's low-latency network between instances; a model or job split across several instances needs it.",
        "EFA（Elastic Fabric Adapter）：AWS 实例之间的低延迟网络；跨多台实例切分的模型或作业需要它。";
    HintReplica => "A replica is one complete copy of the model; replicas work side by side on more users or more data.",
        "副本是模型的一份完整拷贝；多个副本并行服务更多用户或处理更多数据。";
    HintMfu => "MFU: the share of the accelerator's peak compute the model's arithmetic actually uses.",
        "MFU：模型运算实际用到的加速器峰值算力比例。";
    Priority => "Priority", "优先级";
    PrioCost => "Cost", "成本优先";
    PrioPerf => "Performance", "性能优先";
    PrioBalanced => "Balanced", "均衡";
    Region => "Region", "区域";
    Usage => "Usage and purchase", "用量与购买方式";
    HoursPerMonth => "Hours per month per instance (730 = always on)", "每实例每月小时数（730 = 全天候）";
    Months => "Horizon (months)", "规划周期（月）";
    BuyOption => "Purchase option", "购买方式";
    Payment => "Upfront payment", "预付方式";
    PayNo => "No upfront", "无预付";
    PayPartial => "Partial upfront", "部分预付";
    PayAll => "All upfront", "全预付";
    ResellerPct => "Reseller discount (%; 8.5折 = 15)", "代理商折扣（%；8.5折 = 15）";
    ResellerOnAll => "Also on Spot and commitments", "同样适用于 Spot 与承诺类";
    BurstInstances => "Burst instances on top", "额外突发实例数";
    BurstHours => "Burst hours per month", "突发每月小时数";
    WindowDays => "Hard window: must finish within (days, 0 = none)", "硬性时限：须在几天内完成（天，0 = 无）";
    Strategies => "Start from a strategy", "从组合策略开始";
    StratDev => "Experiments: Spot + checkpoints", "实验：Spot + 检查点";
    StratSteady => "Steady inference: 1-year Savings Plan", "稳定推理：1 年 Savings Plans";
    StratWindow => "Fixed-window training: Capacity Blocks", "固定窗口训练：Capacity Blocks";
    StratNeuron => "Inference off CUDA: Inferentia2", "脱离 CUDA 的推理：Inferentia2";
    StratReseller => "No changes: reseller 15 % off", "不改架构：代理商 8.5 折";
    StrategyChanged => "Changed: ", "已修改：";
    StrategyNoChange => "Already set: nothing changed.", "已是此设置，无改动。";
    OnlyTypes => "Only these instance types", "仅限这些实例类型";
    AllTypes => "Rank all types", "改为全部类型";
    Recommendations => "Recommendations", "推荐";
    Best => "Best for this scenario", "最适合此场景";
    Instance => "Instance", "实例";
    Accelerator => "Accelerator", "加速器";
    Count => "Count", "数量";
    Instances => "Instances", "实例数";
    Accelerators => "Accelerators", "加速器数";
    Memory => "Memory", "显存";
    MemPerAccel => "Memory / accelerator (GB sold · GiB reported)", "每加速器显存（标称 GB · 实报 GiB）";
    TotalMem => "Total GiB", "总 GiB";
    Vcpus => "vCPUs", "vCPU";
    RamGib => "RAM (GiB)", "内存（GiB）";
    NetGbps => "Network (Gbit/s)", "网络（Gbit/s）";
    Efa => "EFA", "EFA";
    Throughput => "Throughput", "吞吐";
    Fp64Peak => "FP64 (peak)", "FP64（峰值）";
    SeatsPerInstance => "Seats per instance", "每实例席位数";
    YourPick => "Your pick", "你选中的实例";
    BackToBest => "Back to the best", "回到最佳推荐";
    CheapestPlanMonth => "Cheapest plan, per month", "最省钱方案（每月）";
    CheapestPlanMonthAvg => "Cheapest plan, per month (average of the growing fleet)", "最省钱方案（每月，按增长中的集群平均）";
    CheapestPlanJob => "Cheapest plan, per job", "最省钱方案（每次作业）";
    EnergyMonth => "Accelerator energy per month", "加速器每月能耗";
    EnergyJob => "Accelerator energy per job", "加速器每次作业能耗";
    Co2eMonth => "CO2e per month (estimate)", "每月 CO2e（估算）";
    Co2eJob => "CO2e per job (estimate)", "每次作业 CO2e（估算）";
    NoTdp => "no published power figure", "未公开功耗数据";
    NoCommitment => "none (no commitment)", "无（无承诺）";
    NotApplicable => "not applicable", "不适用";
    Time => "Job time", "作业时长";
    Hourly => "Per hour", "每小时";
    Monthly => "Per month", "每月";
    PerJob => "Per job", "每次作业";
    Fits => "Fits", "放得下";
    DoesNotFit => "Does not fit", "放不下";
    NotEvaluated => "Not evaluated in this scenario (the instance filter leaves it out)", "本场景未评估（实例筛选未包含它）";
    Why => "Why", "原因";
    WhyNot => "Why not the others", "为什么不选其他";
    NothingFits => "Nothing fits this scenario.", "没有能满足此场景的实例。";
    Nearest => "Closest option", "最接近的选项";
    WouldFit => "Any one of these changes would make something fit:", "以下任一改动即可放得下：";
    Options => "Every purchase option", "所有购买方式";
    Option => "Option", "购买方式";
    Upfront => "Upfront", "预付";
    Horizon => "Over the horizon", "整个周期";
    PerAccelHour => "Per accelerator-hour", "每加速器小时";
    PerMTok => "Per million tokens", "每百万 token";
    BreakEven => "Break-even", "盈亏平衡";
    BreakEvenMonth => "months to recover the upfront", "个月收回预付";
    NotAvailable => "Not available", "不可用";
    Assumption => "assumption", "假设";
    NotImported => "not imported", "未导入";
    SpPublished => "Published Savings Plan rates imported", "已导入的公开 Savings Plans 费率";
    SpPublishedNote => "Used for these types and regions instead of a derived discount; every other type and region is \"not imported\" and uses the discount below.",
        "这些类型与区域使用公开费率而非推算折扣；其余类型与区域为“未导入”，使用下方折扣。";
    SavingsPlansAssumed => "Savings Plans where no rate was imported (assumption)", "未导入费率时的 Savings Plans（假设）";
    TheCheapestPlan => "The cheapest plan", "最省钱的方案";
    Baseline => "Baseline", "基线";
    Burst => "Bursts", "突发";
    GrowthSegment => "Above the commitment", "超出承诺的部分";
    GrowthWhole => "The whole fleet, month by month", "全部实例（逐月）";
    ChartFleet => "Instances each month, by how they are bought", "每月实例数（按购买方式）";
    GrowthPct => "Baseline growth per month (%)", "基线每月增长（%）";
    Job => "The job", "作业";
    Compare => "Compare", "对比";
    AddToCompare => "Compare", "加入对比";
    RemoveFromCompare => "Remove", "移除";
    CompareEmpty => "Pick instances with “Compare” in the results or in Explore.", "在推荐结果或目录中点“加入对比”来选择实例。";
    Filters => "Filters", "筛选";
    Family => "Family", "系列";
    All => "All", "全部";
    MinMem => "Min memory per accelerator (GB as sold)", "每加速器最小显存（标称 GB）";
    SearchInstances => "Search instance names", "搜索实例名称";
    PickedForCompare => "picked for Compare", "个已加入对比";
    OpenCompare => "Open Compare", "打开对比";
    EfaOnly => "EFA only", "仅 EFA";
    InRegion => "Offered in the region", "该区域有售";
    Stack => "Software stack", "软件栈";
    Fp64Tflops => "TFLOPS FP64 (peak)", "TFLOPS FP64（峰值）";
    PerTflopsHour => "/ TFLOPS·h", "/ TFLOPS·小时";
    PricesIn => "Prices per (time)", "价格时间单位";
    PricesFor => "Prices for each", "价格计量对象";
    PerHour => "hour", "小时";
    PerDay => "day", "天";
    PerMonth => "month", "月";
    PerYear => "year", "年";
    YearsShort => "y", "年";
    UpTo => "up to ", "最多 ";
    PerInstance => "instance", "实例";
    PerAccelerator => "accelerator", "加速器";
    PerAccelGib => "accelerator-GiB", "加速器 GiB";
    PerVcpu => "vCPU", "vCPU";
    PerRamGib => "GiB of RAM", "GiB 内存";
    Columns => "Columns", "列";
    OnDemand => "On-Demand", "按需";
    SpotPrice => "Spot", "Spot 价格";
    NoPrice => "no public price", "无公开价格";
    NotOfferedHere => "not offered in this region", "此区域不提供";
    PriceNotCollected => "price not collected (may be sold here)", "价格未收集（此区域可能有售）";
    SpotNotObserved => "none observed", "未观测到";
    LowestCarbon => "lowest carbon", "碳排放最低";
    Rows => "instance types", "种实例";
    AssumptionsIntro => "Every estimate rests on these. Change them and every number follows; the link keeps your changes.",
        "所有估算都基于以下假设。修改后所有数字随之更新，链接会保留你的修改。";
    Mfu => "Model-FLOPs utilisation (MFU)", "模型算力利用率（MFU）";
    BwEff => "Memory-bandwidth efficiency", "显存带宽效率";
    MemUsable => "Usable share of accelerator memory", "加速器显存可用比例";
    UsableLimit => "Usable limit", "可用上限";
    OverheadGib => "Runtime overhead per accelerator (GiB)", "每加速器运行时开销（GiB）";
    ArLat => "All-reduce latency when serving, fixed (µs)", "推理 all-reduce 固定延迟（µs）";
    ArHop => "All-reduce latency per ring hop (µs)", "all-reduce 每跳延迟（µs）";
    NvsAr => "All-reduce latency over NVSwitch, any TP (µs)", "NVSwitch 上 all-reduce 延迟，与 TP 无关（µs）";
    PrefillMfu => "Prefill share of the 16-bit peak (GPU)", "预填充占 16 位峰值的比例（GPU）";
    NeuronMfu => "Neuron serving share of peak", "Neuron 推理占峰值的比例";
    NeuronHop => "NeuronLink all-reduce latency per hop (µs)", "NeuronLink all-reduce 每跳延迟（µs）";
    NeuronStep => "Fixed time per decode step on Neuron (ms)", "Neuron 每步解码固定耗时（ms）";
    StepMs => "Fixed time per decode step (ms)", "每步解码固定耗时（ms）";
    ReadableTps => "Least readable speed per user (tokens/s)", "每用户最低可读速度（token/秒）";
    SeatUse => "Share of a GPU's memory seats may fill", "图形席位可用的 GPU 显存比例";
    PerfBudget => "Performance-first: cost budget (× the cheapest)", "性能优先：成本上限（最便宜的倍数）";
    LoraRank => "LoRA rank", "LoRA 秩";
    TrainAssumptions => "Training: how accelerators work together", "训练：加速器如何协同";
    NeuronTrainMfu => "Training kernel efficiency on Trainium (Neuron's published tables)", "Trainium 训练计算效率（Neuron 公布的训练性能表）";
    MoeBytes => "MoE routing work (bytes per routed value)", "MoE 路由开销（每个路由值的字节数）";
    MoeCap => "MoE imbalance under expert parallelism (×)", "专家并行下的 MoE 负载不均（×）";
    GgEff => "MoE grouped-GEMM speed (share of dense)", "MoE 分组 GEMM 速度（占稠密的比例）";
    A2aOverlap => "Expert-parallel all-to-all hidden (share)", "专家并行 all-to-all 被掩盖的比例";
    MoeServingBytes => "MoE serving routing work (bytes per routed value)", "MoE 推理路由开销（每个路由值的字节数）";
    TrainMfu => "Training kernel efficiency (share of peak between communications)", "训练计算效率（通信之外达到峰值的比例）";
    LinkEff => "Link efficiency (share of stated bandwidth a collective achieves)", "链路效率（集合通信达到标称带宽的比例）";
    CommOverlap => "Data-parallel overlap (share of a micro-batch's compute that hides communication)", "数据并行重叠（一个微批的计算可掩盖通信的比例）";
    Fp8Speedup => "FP8 training speed over BF16 (×)", "FP8 训练相对 BF16 的速度（×）";
    Fp4Speedup => "FP4 serving speed over BF16 (×)", "FP4 推理相对 BF16 的速度（×）";
    NoGdr => "Network share without GPUDirect RDMA", "无 GPUDirect RDMA 时的网络效率";
    PpChunks => "Interleaved pipeline chunks per stage", "交错流水线每级的模型分块数";
    A10gTflops => "A10G dense BF16 TFLOPS (assumption)", "A10G 稠密 BF16 TFLOPS（假设）";
    Rtx6000Tflops => "RTX PRO 6000 dense BF16 TFLOPS (assumption)", "RTX PRO 6000 稠密 BF16 TFLOPS（假设）";
    GaudiTflops => "Gaudi HL-205 dense BF16 TFLOPS (assumption)", "Gaudi HL-205 稠密 BF16 TFLOPS（假设）";
    SrcTrain => "Assumptions, checked against published training runs of each accelerator family the planner recommends. Link efficiency from nccl-tests (p4d: 231 of 300 GB/s); no-GPUDirect share from a g6e report (~3 of 6.25 GB/s). No public tensor figure exists for A10G, RTX PRO 6000 or Gaudi.",
        "均为假设，已用所推荐各加速器系列的公开训练实测检验。链路效率来自 nccl-tests（p4d：300 GB/s 中实测 231）；无 GPUDirect 比例来自 g6e 报告（6.25 GB/s 中约 3）。A10G、RTX PRO 6000 和 Gaudi 没有公开的张量算力数字。";
    CspDisc => "Compute Savings Plan discount (%)", "Compute Savings Plans 折扣（%）";
    IspDisc => "EC2 Instance Savings Plan discount (%)", "EC2 Instance Savings Plans 折扣（%）";
    SpotDisc => "Spot discount off On-Demand where none was observed (%)", "未观测到 Spot 价格时的折扣（%）";
    InterruptRate => "Spot interruptions per instance per month (%)", "每实例每月 Spot 中断率（%）";
    CkptInterval => "Checkpoint interval (minutes)", "检查点间隔（分钟）";
    CkptWrite => "Checkpoint write time (minutes)", "检查点写入时间（分钟）";
    RestartMin => "Start-up or restart (minutes)", "启动或重启时间（分钟）";
    ReacqMin => "Getting Spot capacity back (minutes)", "重新获得 Spot 容量（分钟）";
    SpotMax => "Most Spot instances one job gets together (1 where Spot is scarce)", "单个作业可同时获得的 Spot 实例上限（Spot 稀缺时为 1）";
    SpotInWindow => "Allow Spot within the hard window", "允许在硬性时限内使用 Spot";
    GlobalBatch => "Global batch (sequences per step)", "全局批量（每步序列数）";
    Fx => "CNY per USD", "人民币/美元汇率";
    HoursMonthNote => "AWS bills 730 hours a month in its calculator (365 × 24 / 12).", "AWS 计算器按每月 730 小时计（365 × 24 / 12）。";
    Default => "default", "默认";
    SourceLabel => "Source", "来源";
    FromCatalog => "from the catalog per type", "按实例类型取自目录";
    Guidance => "Before you launch", "上线前须知";
    GuideAmi => "Use the AWS Deep Learning AMI: the Base AMI has only the NVIDIA driver and CUDA (for a fully custom environment); the AMI with Conda has PyTorch and TensorFlow ready to use.",
        "建议使用 AWS Deep Learning AMI：Base 版只含 NVIDIA 驱动和 CUDA，适合完全自定义环境；带 Conda 的版本预装 PyTorch、TensorFlow，开箱即用。";
    GuideEcs => "Containers: AWS Fargate has no GPUs. Run GPU containers on ECS on EC2 (your own Auto Scaling group and GPU-optimised AMI) or ECS Managed Instances, or on EKS.",
        "容器：AWS Fargate 不支持 GPU。GPU 容器请用 ECS on EC2（自管 Auto Scaling 组与 GPU 优化 AMI）或 ECS 托管实例，或 EKS。";
    GuideNeuron => "Trainium and Inferentia need the Neuron SDK and ahead-of-time compilation: plan one to two weeks for a first model.",
        "Trainium 与 Inferentia 需要 Neuron SDK 和提前编译：首个模型预留一到两周。";
    GuideSpot => "On Spot, AWS warns two minutes before reclaiming an instance: checkpoint to S3 every 15-30 minutes and resume from the latest checkpoint.",
        "使用 Spot 时，AWS 在回收前两分钟发出通知：每 15-30 分钟把检查点存到 S3，中断后从最近的检查点恢复。";
    Hygiene => "Cost hygiene", "成本清单";
    HygieneStop => "Stop or terminate GPU instances when a test is done.", "测试结束后停止或终止所有 GPU 实例。";
    HygieneCb => "When a Capacity Block's window ends, check its instances are released.", "Capacity Block 使用窗口结束后，确认资源已释放。";
    HygieneEip => "Release unused Elastic IPs and delete unattached EBS volumes.", "释放未使用的弹性 IP，删除未挂载的 EBS 卷。";
    CatalogAsOf => "Prices and specs as of", "价格与规格截至";
    Stale => "The catalog is more than 180 days old on your clock: prices may have changed. Whoever hosts this page can refresh it (catalog-import).",
        "按你的时钟，目录已超过 180 天：价格可能已变。托管此页面的人可用 catalog-import 刷新目录。";
    SourcesNote => ". Every figure names its source and date: tap, focus or hover over a price.", "。每个数字都注明来源与日期：轻点、聚焦或悬停价格即可查看。";
    Warnings => "Some fields of the link could not be used", "链接中的部分字段无法使用";
    ChartCumulative => "Cumulative cost over the horizon", "整个周期的累计成本";
    ManagedHead => "Self-hosted or managed", "自建还是托管服务";
    ChartBedrock => "Amazon Bedrock on-demand, stated load", "Amazon Bedrock 按需（所述负载）";
    ChartOptions => "Cost per purchase option", "各购买方式成本";
    ChartOwed => "Pale or dashed: the rest of a term, paid after the horizon", "浅色或虚线：规划期结束后仍需支付的剩余承诺期";
    ChartBreakEven => "Dot: On-Demand has cost as much as the whole term", "圆点：按需累计费用已等于整个承诺期的费用";
    ChartMemory => "Memory per accelerator", "每加速器显存";
    CurveTitle => "Cost against each user's speed, every layout", "成本与每用户速度：所有部署方式";
    // The curve's other words are its worker's alone (`render::curve::Word`): not in the page's wasm.
    CurveComputing => "Computing every layout…", "正在计算所有部署方式…";
    CurveFailed => "The curve could not be computed: its worker failed to load or stopped.", "无法计算该曲线：其工作线程未能加载或已停止。";
    Retry => "Try again", "重试";
    MonthAxis => "Month", "月";
    CostAxis => "Cost", "成本";
    Weights => "Weights", "权重";
    KvCache => "KV cache", "KV 缓存";
    Activations => "Activations", "激活";
    Optimizer => "Optimizer + gradients", "优化器与梯度";
    Overhead => "Overhead", "开销";
    Available => "Available", "可用";
    Formula => "Formula", "公式";
    Inputs => "Inputs", "输入";
    TokensPerS => "tokens/s", "token/秒";
    PerSeq => "per sequence", "每序列";
    Prefill => "prefill", "预填充";
    Hours => "h", "小时";
    Days => "days", "天";
    ArticleNote => "Note on a figure quoted in the source articles", "关于来源文章所引数字的说明";
    CatalogNotes => "Catalog notes on this type and its accelerator", "目录对该实例及其加速器的备注（英文）";
    Sources => "Sources", "数据来源";
    SourcesIntro => "Every price and spec in the catalog names one of these and its date: hover or focus a figure to see which.",
        "目录中的每个价格与规格都注明下列来源之一及其日期：悬停或聚焦数字即可查看。";
    SourceTitle => "Source", "来源";
    Publisher => "Publisher", "发布方";
    SourceDate => "Date", "日期";
    SourceWhere => "Where", "位置";
    NoLink => "no public address recorded", "未记录公开地址";
    PriceHistory => "Price history", "价格历史";
    DerivedTag => "derived", "推算";
    OtherRegions => "This type in every region", "该实例在各区域的价格";
    SwitchRegion => "Switch", "切换";
    UseRegion => "Plan here", "在此规划";
    RegionsNote => "List prices per hour, before any reseller discount, cheapest first; * derived from a regional multiplier, not published.", "每小时标价（未计代理商折扣），从低到高；* 为按区域系数推算，非公开价格。";
    CopyEmbed => "Copy embed code", "复制嵌入代码";
    EmbedCopied => "Embed code copied", "嵌入代码已复制";
    SrcServing => "Assumptions held once against {runs} published serving runs; seat headroom is an assumption", "按 {runs} 组公开推理实测一次性检验的假设；席位余量为假设";
    SrcMoe => "an effective figure at memory bandwidth, calibrated on NVIDIA Megatron-Bridge's 7 MoE pre-training runs (H100, B200)", "按显存带宽计的等效值，以 NVIDIA Megatron-Bridge 公布的 7 组 MoE 预训练实测校准（H100、B200）";
    SrcMoeCap => "Switch Transformer's capacity factor, 1.0-1.25 (Fedus et al. 2021)", "Switch Transformer 的容量因子 1.0–1.25（Fedus 等 2021）";
    SrcGgEff => "grouped MoE GEMMs reach 91 % of H800 peak (arXiv 2501.16103)", "分组 MoE GEMM 达 H800 峰值的 91 %（arXiv 2501.16103）";
    SrcA2a => "Megatron-Bridge's EP overlap is opt-in", "Megatron-Bridge 的 EP 重叠需手动开启";
    SrcMoeServing => "at memory bandwidth in each decode step and prefill; calibrated on 14 published MoE serving runs (TensorRT-LLM 1.0, Baseten)", "按显存带宽计入每个解码步与预填充；以 14 组公开 MoE 推理实测校准（TensorRT-LLM 1.0、Baseten）";
    SrcReadable => "Brysbaert 2019: adults read ~238 words a minute, ≈ 4-7 tokens/s; 10 stays ahead of a fast reader", "Brysbaert 2019：成人每分钟约读 238 词，约 4–7 token/秒；10 领先于快速读者";
    SpecAccept => "Speculation: acceptance per token (α)", "推测解码：每 token 接受率（α）";
    SrcSpec => "Red Hat EAGLE-3 card, 2025-09-17: 2.80 tokens a step at γ = 3 (3 tasks) → α = 0.765", "Red Hat EAGLE-3 模型卡，2025-09-17：γ = 3 时每步 2.80 个 token（3 项任务）→ α = 0.765";
    SrcPrefill => "time to first token: TensorRT-LLM's first-token tables (A100, H100, L40S; LLaMA 7B/70B); FP8 and FP4 at most fp8x and fp4x times this", "首 token 时间：TensorRT-LLM 首 token 表（A100、H100、L40S；LLaMA 7B/70B）；FP8、FP4 至多为此值乘以 fp8x、fp4x";
    SrcNvsAr => "one-shot all-reduce: two synchronisations at any TP (TensorRT-LLM MultiShot blog, 2024); ~17 µs measured on 8 GPUs (PyTorch issue 131739, 2024); rings (PCIe, P3's NVLink mesh) pay the fixed part and every hop",
        "一次性（one-shot）all-reduce：任何 TP 都只同步两次（TensorRT-LLM MultiShot 博客，2024）；8 GPU 实测约 17 µs（PyTorch issue 131739，2024）；环形链路（PCIe、P3 的 NVLink 网格）计固定部分与每一跳";
    SrcNeuronServing => "AWS Neuron 2.18 Trn1 decoder table (Llama 2/3 8B-70B, TP 32, batch 1): time to first token and per output token", "AWS Neuron 2.18 Trn1 解码模型表（Llama 2/3 8B-70B，TP 32，batch 1）：首 token 时间与每个输出 token 时间";
    SrcMfu => "30 % typical, 50 % well tuned (JGalego/llm-calc on GitHub); 78-81 % is the matrix-multiply ceiling measured on one H200 (PyTorch, 2026)",
        "一般 30%，调优良好 50%（GitHub 上的 JGalego/llm-calc）；在一块 H200 上实测矩阵乘法上限为 78-81%（PyTorch，2026 年）";
    SrcBw => "a device-to-device copy reached ~90 % of peak on one H200 (PyTorch, 2026); decode kernels reach less",
        "在一块 H200 上显存间拷贝可达峰值约 90%（PyTorch，2026 年），解码内核达不到这么高";
    SrcUsable => "keep ~10 % headroom: serving engines reserve a fraction of memory",
        "保留约 10% 余量：推理引擎会预留一部分显存";
    SrcOverhead => "0.65-1 GB per GPU (the gpu_poor and vram-calculator estimators)",
        "每块 GPU 0.65-1 GB（gpu_poor 与 vram-calculator 估算器）";
    SrcSp => "the published rate of the type in the region where the catalog imported one; where none was imported (\"not imported\"), the type's own published RI discount, else the catalog's assumption below",
        "目录已导入该类型在该区域的公开费率时用公开费率；未导入时（“未导入”）取该类型公开的预留实例折扣，否则用下方目录中的假设";
    SrcSpot => "Spot Instance Advisor bands (<5 … >20 % a month), band midpoint; worst band where unknown",
        "Spot Instance Advisor 中断率区间（每月 <5% … >20%），取区间中点；未知时取最差区间";
    SrcCkpt => "the source articles: checkpoint to S3 every 15-30 minutes", "来源文章建议：每 15-30 分钟把检查点存到 S3";
    ArticlesAre => "The source articles: four Chinese-language guides (2026) to choosing and buying AWS GPU instances, whose strategies, quoted prices and advice this planner checks and cites.",
        "来源文章：四篇 2026 年的中文 AWS GPU 实例选型与购买指南；本规划器核对并引用其中的策略、报价与建议。";
    SpBasis => "median discount of the published us-east-1 Reserved Instances of the matching class, term and payment over GPU and Neuron types, capped at AWS's maximum",
        "按同类别、同期限、同预付方式的 us-east-1 公开预留实例折扣（各 GPU/Neuron 类型）取中位数，并以 AWS 公布的上限封顶";
    ExportCsv => "Download CSV", "下载 CSV";
    ExportJson => "Download JSON", "下载 JSON";
    CopyMarkdown => "Copy as Markdown table", "复制为 Markdown 表格";
    MarkdownCopied => "Table copied", "表格已复制";
    OpenFull => "Open the full plan", "打开完整方案";
    EditInputs => "Edit inputs", "修改输入";
    ShowResult => "Show the result", "查看结果";
    FullTuning => "Full", "全参数";
    LinkOlderCatalog => "This link was made with the catalog of", "此链接基于以下日期的目录创建：";
    LinkNewerCatalog => "This link was made with a newer catalog than this page's:", "此链接基于比本页更新的目录：";
    PricesChangedSince => "Prices it uses that changed since:", "此后发生变化的相关价格：";
    NoPricesChanged => "None of the prices it uses changed since.", "其所用价格此后均未变化。";
    HistoryNotKnown => "These rates have no price history in this region back to the link's date (cat=): whether they changed is not known.", "以下费率在此区域的价格历史未追溯到链接日期（cat=），是否变化未知：";
}

/// The cost-versus-latency curve's own words, apart from the page's labels (`Msg`): only the curve's worker
/// (web/src/bin/gpuplan-curve.rs) draws its chart and table, so the page's wasm does not carry them, as it
/// carries every entry of `Msg`'s tables.
#[derive(Clone, Copy, Debug)]
pub enum CurveWord {
    X,
    Y,
    Log,
    Points,
    Front,
    Pick,
    How,
    UsersPerReplica,
    PlanThis,
}

/// A word of the curve in a language: English and Chinese side by side, so neither can be missing.
pub fn curve_word(lang: Lang, w: CurveWord) -> &'static str {
    let (en, zh) = match w {
        CurveWord::X => ("Output tokens/s per user", "每用户输出 token/秒"),
        CurveWord::Y => ("Per million output tokens", "每百万输出 token"),
        CurveWord::Log => (" (log)", "（对数）"),
        CurveWord::Points => (
            "A layout: type × TP × users per replica",
            "部署方式：类型 × TP × 每副本用户数",
        ),
        CurveWord::Front => (
            "Pareto front (nothing cheaper and faster)",
            "帕累托前沿（无更便宜且更快者）",
        ),
        CurveWord::Pick => ("Current pick", "当前推荐"),
        CurveWord::How => (
            "Plan this sets inst, batch (one instance's users) and seqtps (their speed).",
            "“按此规划”设定 inst、batch（单台实例的用户数）与 seqtps（其速度）。",
        ),
        CurveWord::UsersPerReplica => ("Users per replica", "每副本用户数"),
        CurveWord::PlanThis => ("Plan this", "按此规划"),
    };
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words a user should not meet on the page: the project's files, its README's headings, catalog
    /// ids and link keys (issue 24 #21).
    pub(crate) const INTERNAL_WORDS: &[&str] = &[
        "tests/",
        ".rs",
        "README",
        "article-0",
        "spotmax",
        "mode=",
        "How accurate",
    ];

    #[test]
    fn no_label_speaks_of_the_projects_files_or_link_keys() {
        for m in ALL {
            for lang in [Lang::En, Lang::Zh] {
                let text = t(lang, *m);
                for w in INTERNAL_WORDS {
                    assert!(!text.contains(w), "{m:?} ({lang:?}) says {w}: {text}");
                }
            }
        }
    }

    #[test]
    fn labels_are_looked_up_by_their_own_entry() {
        assert_eq!(t(Lang::En, Msg::ViewPlan), "Plan");
        assert_eq!(t(Lang::Zh, Msg::ViewPlan), "规划");
        assert_eq!(t(Lang::Zh, Msg::Colon), "：");
        let last = ALL.last().copied().unwrap_or(Msg::ViewPlan);
        assert!(!t(Lang::En, last).is_empty() && !t(Lang::Zh, last).is_empty());
    }

    #[test]
    fn every_label_exists_in_both_languages_and_differs_where_it_should() {
        for m in ALL {
            assert!(!t(Lang::En, *m).is_empty() && !t(Lang::Zh, *m).is_empty(), "{m:?}");
        }
        // The Chinese page is Chinese: most labels differ from the English ones.
        let same = ALL.iter().filter(|m| t(Lang::En, **m) == t(Lang::Zh, **m)).count();
        assert!(same * 20 < ALL.len(), "{same} labels identical");
    }
}
