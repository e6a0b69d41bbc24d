#!/usr/bin/env python3
"""Builds catalog.json from the collected public figures in ../shared/reference.

Every figure in the output names a source id from the `sources` table and an as-of date.
Curated facts that are not in the CSVs (accelerator capabilities, UltraServer units,
Savings Plan assumptions, the articles' quoted prices) live in this file, each with its
source. Run: python3 scripts/build_catalog.py [REFERENCE_DIR] > catalog.json
"""
import csv
import json
import statistics
import sys
from collections import defaultdict

REF = sys.argv[1] if len(sys.argv) > 1 else "../shared/reference"

SOURCES = [
    ("karpenter-pricing", "Karpenter generated AWS price list, us-east-1 On-Demand (zz_generated.pricing_aws.go @ 6fc13b52)",
     "aws/karpenter-provider-aws", "github.com/aws/karpenter-provider-aws/blob/6fc13b52/pkg/providers/pricing/zz_generated.pricing_aws.go", "2026-07-20"),
    ("karpenter-history", "Git history of the Karpenter price list, 37 commits 2023-10-09..2026-07-20",
     "aws/karpenter-provider-aws", "github.com/aws/karpenter-provider-aws/commits/main/pkg/providers/pricing/zz_generated.pricing_aws.go", "2026-07-20"),
    ("karpenter-specs", "Karpenter instance-type reference generated from EC2 DescribeInstanceTypes (preview @ 692ccdd0; p3/dl1 from v1.12 @ 9e1d72fd)",
     "aws/karpenter-provider-aws", "github.com/aws/karpenter-provider-aws/blob/692ccdd0/website/content/en/preview/reference/instance-types.md", "2026-07-11"),
    ("skypilot-vms", "SkyPilot catalog v8 AWS vms.csv: regional On-Demand and per-AZ Spot (snapshot dated between 2026-05-22 and 2026-07-20; earliest bound used)",
     "skypilot-org/skypilot-catalog", "github.com/skypilot-org/skypilot-catalog/blob/00148f2a/catalogs/v8/aws/vms.csv", "2026-05-22"),
    ("derived-multiplier", "Derived: us-east-1 price x the family's regional multiplier observed on another size in the same region (not a published figure)",
     "gpuplan, from SkyPilot's regional prices", "github.com/skypilot-org/skypilot-catalog/blob/00148f2a/catalogs/v8/aws/vms.csv", "2026-05-22"),
    ("vantage-ri", "instances.vantage.sh (ec2instances.info) AWS price data, us-east-1 Linux Reserved Instance rates and Spot interruption bands",
     "instances.vantage.sh via github.com/tsaol/aws-gpu data/gpu_instances_raw.json (commit 2d0108c)", "instances.vantage.sh/", "2025-11-30"),
    ("aws-cb-pricing", "Amazon EC2 Capacity Blocks for ML pricing page (late-2024 version, 'prices next updated 2025-01-01')",
     "AWS", "aws.amazon.com/ec2/capacityblocks/pricing (mirror)", "2024-12-01"),
    ("cb-2026-rise", "Reports of the January 2026 Capacity Block price rise (~+15 %)",
     "sjramblings.io; administraciondesistemas.com", "sjramblings.io/inference-tax-nobody-budgeted-for", "2026-01-31"),
    ("aws-cb-docs", "EC2 User Guide: How Capacity Blocks work (durations, limits, supported types)",
     "AWS", "docs.aws.amazon.com/AWSEC2/latest/UserGuide/capacity-blocks-how.html", "2026-06-01"),
    ("aws-sp-faq", "Savings Plans FAQ: Compute SP up to 66 %, EC2 Instance SP up to 72 %; 1 or 3 years; all, partial or no upfront",
     "AWS", "aws.amazon.com/savingsplans/faqs", "2026-06-01"),
    ("aws-spot-docs", "EC2 User Guide: Spot Instance interruption notices (2 minutes) and Spot pricing (up to 90 % off)",
     "AWS", "docs.aws.amazon.com/AWSEC2/latest/UserGuide/spot-instance-termination-notices.html", "2026-06-01"),
    ("nvidia-specs", "NVIDIA datasheet figures (dense = sparse / 2)",
     "NVIDIA via glennklockwood.com, codesota.com, lzwjava.github.io, mullet.se, sysrqmts.com, hmc-tech.com, exxactcorp.com, gpu.name",
     "www.nvidia.com/en-us/data-center/", "2026-08-01"),
    ("neuron-docs", "AWS Neuron documentation: Trainium, Trainium2, Trainium3, Inferentia, Inferentia2 architecture pages",
     "AWS", "awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/neuron-hardware/", "2025-12-02"),
    ("article-000", "AWS GPU 与 AI 训练和推理实例选型指南，附成本优化策略 (source article)", "Chinese web article", "", "2026-01-01"),
    ("article-001", "亚马逊云GPU-AI-云服务器：算力矩阵、选型逻辑与部署实践 (apphuang, source article)", "Chinese web article", "", "2026-08-12"),
    ("article-002", "2026年亚马逊GPU云服务器终极指南 (source article)", "Chinese web article", "", "2026-01-01"),
    ("article-003", "亚马逊云GPU服务器便宜购买方法：2026年成本优化完全指南 (source article)", "Chinese web article", "", "2026-07-01"),
    ("gpuplan-assumption", "gpuplan assumption: no public figure exists; derived as stated in the entry and editable on the page",
     "gpuplan", "", "2026-11-29"),
]

# Accelerator capabilities. Figures from ../shared/reference/accelerators.csv (dense, as the
# README's conflict 2 resolves); None where no source read gives the figure.
# Fields: id, name, vendor, stack, arch, mem_gb (nominal), mem_bw_gbs, bf16, fp16, fp8, int8, fp64, tdp_w, graphics, source, note
ACCELERATORS = [
    ("t4", "NVIDIA T4", "nvidia", "cuda", "Turing", 16, 320, None, 65, None, 130, 0.25, 70, True, "nvidia-specs", "No BF16 on Turing."),
    ("a10g", "NVIDIA A10G", "nvidia", "cuda", "Ampere", 24, 600, None, None, None, None, 0.98, 300, True, "nvidia-specs",
     "Tensor TFLOPS of the AWS-specific A10G were not found in the sources read: compute-bound estimates are not made for it. FP64 is the A10 figure."),
    ("l4", "NVIDIA L4", "nvidia", "cuda", "Ada Lovelace", 24, 300, 121, 121, 242.5, 242.5, None, 72, True, "nvidia-specs", ""),
    ("l40s", "NVIDIA L40S", "nvidia", "cuda", "Ada Lovelace", 48, 864, 362, 362, 733, None, 1.43, 350, True, "nvidia-specs", ""),
    ("v100", "NVIDIA V100 16GB", "nvidia", "cuda", "Volta", 16, 900, None, 125, None, 62.7, 7.8, 300, False, "nvidia-specs", "No BF16 or FP8 on Volta."),
    ("v100-32", "NVIDIA V100 32GB", "nvidia", "cuda", "Volta", 32, 900, None, 125, None, 62.7, 7.8, 300, False, "nvidia-specs", "No BF16 or FP8 on Volta."),
    ("a100-40", "NVIDIA A100 40GB", "nvidia", "cuda", "Ampere", 40, 1555, 312, 312, None, 624, 9.7, 400, False, "nvidia-specs", "FP64 tensor cores: 19.5 TFLOPS."),
    ("a100-80", "NVIDIA A100 80GB", "nvidia", "cuda", "Ampere", 80, 2000, 312, 312, None, 624, 9.7, 400, False, "nvidia-specs",
     "Bandwidth ~2.0 TB/s is approximate (not verified in a fetched source)."),
    ("h100", "NVIDIA H100 SXM", "nvidia", "cuda", "Hopper", 80, 3350, 989, 989, 1979, 1979, 34, 700, False, "nvidia-specs", "FP64 tensor cores: 67 TFLOPS."),
    ("h200", "NVIDIA H200", "nvidia", "cuda", "Hopper", 141, 4800, 989, 989, 1979, 1979, 34, 700, False, "nvidia-specs", ""),
    ("b200", "NVIDIA B200", "nvidia", "cuda", "Blackwell", 180, 8000, 2250, 2250, 4500, 4500, 37, 1000, False, "nvidia-specs",
     "FP64: sources give 37 or 40 TFLOPS; the lower is used."),
    ("b300", "NVIDIA B300", "nvidia", "cuda", "Blackwell Ultra", 288, 8000, 2250, 2250, 4500, None, 1.25, 1400, False, "nvidia-specs",
     "TDP 1100-1400 W by platform (upper bound used); INT8 not verified; FP64 sharply reduced."),
    ("gb200", "NVIDIA GB200 (Blackwell GPU)", "nvidia", "cuda", "Blackwell", 186, 8000, 2500, 2500, None, None, None, 1200, False, "nvidia-specs",
     "BF16 2500 dense at 1200 W (accelerators.csv B200 caveat); memory = 13.4 TB / 72 GPUs (article 001); bandwidth assumed equal to B200."),
    ("rtx-pro-6000", "NVIDIA RTX PRO 6000 Blackwell Server Edition", "nvidia", "cuda", "Blackwell", 96, 1792, None, None, None, None, None, 600, True,
     "nvidia-specs", "Dense tensor rates not found in the sources read: compute-bound estimates are not made for it."),
    ("rtx-pro-4500", "NVIDIA RTX PRO 4500 Blackwell Server Edition", "nvidia", "cuda", "Blackwell", 32, 800, 110, 110, 220, 439.5, 0.86, 165, True,
     "nvidia-specs", "Tensor rates are for workstation clocks; the Server Edition may be lower."),
    ("gaudi", "Habana Gaudi HL-205", "habana", "synapse", "Gaudi", 32, None, None, None, None, None, None, None, False, "karpenter-specs",
     "Legacy. Compute and bandwidth figures not captured from the sources read."),
    ("trainium", "AWS Trainium", "aws", "neuron", "NeuronCore-v2 x2", 32, 880, 190, 190, 190, 380, None, None, False, "neuron-docs", "820 GiB/s = 880 GB/s."),
    ("trainium2", "AWS Trainium2", "aws", "neuron", "NeuronCore-v3 x8", 96, 2900, 667, 667, 1299, None, None, None, False, "neuron-docs",
     "Bandwidth: 2.9 TB/s (latest docs; v2.29.0 said 3 TB/s)."),
    ("trainium3", "AWS Trainium3", "aws", "neuron", "NeuronCore-v4 x8", 144, 4900, 671, 671, 2517, None, None, None, False, "neuron-docs", ""),
    ("inferentia", "AWS Inferentia", "aws", "neuron", "NeuronCore-v1 x4", 8, 54, 64, 64, None, 128, None, None, False, "neuron-docs", "50 GiB/s = 54 GB/s."),
    ("inferentia2", "AWS Inferentia2", "aws", "neuron", "NeuronCore-v2 x2", 32, 880, 190, 190, 190, 380, None, None, False, "neuron-docs", "820 GiB/s = 880 GB/s."),
]

ACCEL_BY_MODEL = {
    "NVIDIA T4": "t4", "NVIDIA A10G": "a10g", "NVIDIA L4": "l4", "NVIDIA L40S": "l40s",
    "NVIDIA A100": None, "NVIDIA H100": "h100", "NVIDIA H200": "h200", "NVIDIA B200": "b200", "NVIDIA B300": "b300",
    "AWS Trainium": "trainium", "AWS Trainium2": "trainium2", "AWS Inferentia": "inferentia", "AWS Inferentia2": "inferentia2",
}

FAMILY_INTERCONNECT = {
    "p3": "nvlink", "p3dn": "nvlink", "p4d": "nvlink", "p4de": "nvlink", "p5": "nvlink", "p5e": "nvlink", "p5en": "nvlink",
    "p6-b200": "nvlink", "p6-b300": "nvlink", "trn1": "neuronlink", "trn1n": "neuronlink", "trn2": "neuronlink",
    "inf1": "neuronlink", "inf2": "neuronlink", "dl1": "roce",
}

# Families not in the CSVs: units from the articles and the Neuron docs.
ULTRASERVERS = [
    # id, family, accelerator, count, accel_mem_gib, note, source
    ("u-p6e-gb200x72", "p6e-gb200", "gb200", 72, 173.3,
     "UltraServer: 72 Blackwell GPUs in one NVLink domain, 13.4 TB HBM3e in all (article 001). Sold through Capacity Blocks; no public On-Demand price.",
     "article-001"),
    ("u-p6e-gb300x72", "p6e-gb300", "b300", 72, 268.59,
     "UltraServer: 72 Blackwell Ultra GPUs in one NVLink domain, nearly 20 TB GPU memory (article 001); per-GPU memory as AWS reports for B300. No public price.",
     "article-001"),
    ("trn2-ultraserver", "trn2u", "trainium2", None, 96,
     "Trn2 UltraServer: several trn2 instances joined by NeuronLink (Neuron docs). Chip count not in the collected sources, so it is listed but not planned as a unit. No public price.",
     "neuron-docs"),
    ("trn3-ultraserver", "trn3u", "trainium3", None, 144,
     "Trn3 UltraServer: 3 nm Trainium3, 4.4x Trn2 performance (article 000). Chip count not in the collected sources, so it is listed but not planned as a unit. No public price.",
     "article-000"),
]

MAIN_REGIONS = ["us-east-1", "us-east-2", "us-west-2", "eu-west-1", "ap-northeast-1", "ap-southeast-1"]

# Spot interruption bands, us-east-1 (commitments README: [A] 2025-11-30 preferred over [G] 2025-06-28 as newer).
SPOT_BANDS = {
    "p5.48xlarge": "5-10", "p5en.48xlarge": "10-15", "p4d.24xlarge": ">20", "p4de.24xlarge": "5-10",
    "p6-b200.48xlarge": "<5", "g5.xlarge": ">20", "g5.12xlarge": ">20", "g5.48xlarge": ">20", "g6.xlarge": ">20",
    "g6e.xlarge": ">20", "g6e.12xlarge": ">20", "g4dn.xlarge": ">20", "g4dn.12xlarge": ">20", "trn1.32xlarge": "<5",
    "inf2.xlarge": ">20", "inf2.48xlarge": ">20",
}

# Capacity Block rates: instance, region ("*" = most regions per the source), usd per instance-hour, as_of, source, note
CB_RATES = [
    ("p5.48xlarge", "us-east-1", 39.33, "2024-12-01", "aws-cb-pricing", ""),
    ("p5.48xlarge", "us-east-2", 39.33, "2024-12-01", "aws-cb-pricing", ""),
    ("p5e.48xlarge", "us-east-2", 43.26, "2024-12-01", "aws-cb-pricing", ""),
    ("p4d.24xlarge", "us-east-2", 14.75, "2024-12-01", "aws-cb-pricing", ""),
    ("p4d.24xlarge", "us-west-2", 14.75, "2024-12-01", "aws-cb-pricing", ""),
    ("trn1.32xlarge", "ap-southeast-4", 15.49, "2024-12-01", "aws-cb-pricing", ""),
    ("p5e.48xlarge", "*", 39.80, "2026-01-31", "cb-2026-rise", "Was 34.61 before the January 2026 rise (~+15 %)."),
    ("p5en.48xlarge", "*", 41.61, "2026-01-31", "cb-2026-rise", "Was 36.18 before the January 2026 rise (~+15 %)."),
    ("p5e.48xlarge", "us-west-1", 49.75, "2026-01-31", "cb-2026-rise", ""),
    ("p5.48xlarge", "*", 41.528, "2026-07-01", "article-003", "Article 003: $5.191 per GPU-hour in US regions from 2026-07-01 (x 8 GPUs)."),
    ("p6-b200.48xlarge", "*", 98.84, "2026-07-01", "article-001", "Article 001: $12.355 per GPU-hour from 2026-07-01 (x 8 GPUs)."),
    ("p6-b300.48xlarge", "*", 112.32, "2026-07-01", "article-001", "Articles 001 and 003: $14.04 per GPU-hour from 2026-07-01 (x 8 GPUs)."),
]
CB_FAMILIES = ["p6-b200", "p6-b300", "p5", "p5e", "p5en", "p4d", "p4de", "trn1", "trn2", "p6e-gb200", "trn2u"]

# The articles' quoted prices, cross-checked by tests/catalog_articles.rs against the catalog.
# status: match (equals the catalog within rounding) | price_cut | different_size | other
ARTICLE_QUOTES = [
    ("article-003", "g4dn.xlarge 按需约0.526美元/小时", "g4dn.xlarge", "od", 0.526, "match", "", ""),
    ("article-003", "g5.xlarge 约1.006美元/小时", "g5.xlarge", "od", 1.006, "match", "", ""),
    ("article-003", "g6.xlarge（L4）约0.978美元/小时", "g6.xlarge", "od", 0.978, "different_size",
     "$0.978/h is the g6.2xlarge price; g6.xlarge is $0.8048/h in us-east-1.", "0.978 美元/小时是 g6.2xlarge 的价格；us-east-1 的 g6.xlarge 为 0.8048 美元/小时。"),
    ("article-001", "P5.48xlarge（8×H100）按需价格为每小时98.32美元", "p5.48xlarge", "od", 98.32, "price_cut",
     "$98.32/h was the price before the June 2025 cut; since 2025-06-23 it is $55.04/h (-44 %).", "98.32 美元/小时是 2025 年 6 月降价前的价格；自 2025-06-23 起为 55.04 美元/小时（-44%）。"),
    ("article-003", "每小时约98美元的p5.48xlarge", "p5.48xlarge", "od", 98.32, "price_cut",
     "$98/h was the price before the June 2025 cut; since 2025-06-23 it is $55.04/h (-44 %).", "约 98 美元/小时是 2025 年 6 月降价前的价格；自 2025-06-23 起为 55.04 美元/小时（-44%）。"),
    ("article-001", "P5.48xlarge 1年期预留（无预付款）约每小时62.24美元", "p5.48xlarge", "ri-standard-1-no", 62.24, "price_cut",
     "A pre-cut rate. After the June 2025 cut AWS lists no 1-year Standard RI for p5.48xlarge; 1-year Convertible No Upfront is $43.344/h.",
     "降价前的价格。2025 年 6 月降价后，AWS 未列出 p5.48xlarge 的 1 年期标准预留实例；1 年期可转换、无预付为 43.344 美元/小时。"),
    ("article-001", "P5.48xlarge 3年期全预付约每小时37.39美元", "p5.48xlarge", "ri-standard-3-all", 37.39, "price_cut",
     "A pre-cut rate. After the June 2025 cut, 3-year Standard All Upfront is $20.695/h effective.", "降价前的价格。降价后 3 年期标准全预付的有效价格为 20.695 美元/小时。"),
    ("article-001", "P5.48xlarge的竞价价格约每小时29.50–49.16美元", "p5.48xlarge", "spot", 29.50, "price_cut",
     "30-50 % of the pre-cut $98.32. The observed us-east-1 Spot median (~2026-06) is $19.25/h.", "为降价前 98.32 美元的 30-50%。观测到的 us-east-1 Spot 中位数（约 2026-06）为 19.25 美元/小时。"),
    ("article-003", "p4d.24xlarge单颗A100按需约4.10美元/小时", "p4d.24xlarge", "od_per_accel", 4.10, "price_cut",
     "$4.10 per A100-hour is the pre-cut $32.77/8; since 2025-06-23 it is $2.745 per A100-hour.", "每 A100 小时 4.10 美元是降价前 32.77/8；自 2025-06-23 起为每 A100 小时 2.745 美元。"),
    ("article-003", "p4d.24xlarge Spot约1.23美元/小时（单颗A100）", "p4d.24xlarge", "spot_per_accel", 1.23, "price_cut",
     "A pre-cut-era figure; the observed us-east-1 Spot median (~2026-06) is $8.00/h, $1.00 per A100-hour.", "降价前时期的数字；观测到的 us-east-1 Spot 中位数（约 2026-06）为 8.00 美元/小时，即每 A100 小时 1.00 美元。"),
    ("article-003", "p4d.24xlarge按需月费约16,029美元", "p4d.24xlarge", "od_monthly", 16029, "match", "", ""),
    ("article-003", "Capacity Blocks可将p4d成本降至约8,496美元（月）", "p4d.24xlarge", "cb_monthly", 8496, "other",
     "The only published p4d Capacity Block rate found is $14.75/h (AWS page, late 2024) = $10,768 a month at 730 h.",
     "找到的唯一公开 p4d Capacity Block 价格是 14.75 美元/小时（AWS 页面，2024 年底），按 730 小时为每月 10,768 美元。"),
    ("article-003", "P5为5.191美元/GPU小时（美国区域）", "p5.48xlarge", "cb_per_accel", 5.191, "match", "", ""),
    ("article-001", "P6-B300每GPU小时上调至14.04美元", "p6-b300.48xlarge", "cb_per_accel", 14.04, "match", "", ""),
    ("article-001", "P6-B200上调至12.355美元", "p6-b200.48xlarge", "cb_per_accel", 12.355, "match", "", ""),
]


def num(s):
    s = (s or "").strip()
    if s == "" or s.lower() in ("none", "n/a", "—"):
        return None
    # Some cells carry a remark after the figure ("0.125 (fractional L4; ...)").
    return float(s.split()[0])


def clean(x):
    """Integers without a trailing .0, to keep the JSON compact."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def main():
    raw = list(csv.DictReader(open(f"{REF}/catalog_raw.csv", encoding="utf-8")))
    instances = {}
    od, spot = [], []
    by_family_region = defaultdict(set)

    for r in raw:
        iid, fam, reg = r["instance_type"], r["family"], r["region"]
        if iid.startswith("dl2q"):
            continue  # not among the families the articles discuss; no price anywhere
        if reg == "us-east-1":
            model = r["accelerator_model"]
            acc = ACCEL_BY_MODEL.get(model)
            mem = num(r["accel_mem_gib_per_accel"])
            if model == "NVIDIA A100":
                acc = "a100-40" if mem and mem < 60 else "a100-80"
            elif model == "NVIDIA V100":
                acc = "v100-32" if mem and mem > 20 else "v100"
            elif "RTX PRO 6000" in model:
                acc = "rtx-pro-6000"
            elif "RTX PRO 4500" in model:
                acc = "rtx-pro-4500"
            elif "Gaudi" in model:
                acc = "gaudi"
            assert acc, f"unknown accelerator {model} for {iid}"
            count = num(r["accelerator_count"])
            fraction = 1.0
            if count < 1:
                fraction, count = count, 1.0  # g6f / gr6f: one slice of an L4
            note = r["notes"].strip()
            legacy = fam in ("p3", "p3dn", "dl1")
            efa = num(r["efa_max_interfaces"])
            instances[iid] = {
                "id": iid, "family": fam, "accelerator": acc, "count": clean(count), "fraction": clean(fraction),
                "accel_mem_gib": clean(mem), "vcpus": clean(num(r["vcpus"])), "ram_gib": clean(num(r["memory_gib"])),
                "net_gbps": clean(num(r["network_baseline_gbps"])), "efa_interfaces": clean(efa) if efa is not None else None,
                "interconnect": FAMILY_INTERCONNECT.get(fam, "pcie"), "nvme_gb": clean(num(r["local_nvme_gb"])),
                "neuron_cores": clean(num(r["neuron_cores"])), "legacy": legacy, "ultraserver": False, "regions": [],
                "source": "karpenter-specs", "as_of": "2026-07-11" if not legacy else "2026-04-25", "note": note,
            }
        price = num(r["ondemand_linux_usd_hr"])
        if price is not None:
            src = "karpenter-pricing" if "karpenter" in r["ondemand_price_source"] else "skypilot-vms"
            date = "2026-07-20" if src == "karpenter-pricing" else "2026-05-22"
            od.append({"instance": iid, "region": reg, "usd_hr": price, "source": src, "as_of": date, "derived": False})
            by_family_region[fam].add(reg)
        med = num(r["spot_usd_hr_median"])
        if med is not None and (price is None or med < price):
            entry = {"instance": iid, "region": reg, "median_usd_hr": med, "min_usd_hr": num(r["spot_usd_hr_min"]),
                     "max_usd_hr": num(r["spot_usd_hr_max"]), "n_az": len(r["spot_az_detail"].split()),
                     "source": "skypilot-vms", "as_of": "2026-05-22"}
            if reg == "us-east-1" and iid in SPOT_BANDS:
                entry["interruption_band"] = SPOT_BANDS[iid]
                entry["band_source"] = "vantage-ri"
            spot.append(entry)

    # Derived regional prices: only where the family is observed in that region on another size.
    mult = defaultdict(list)
    for r in csv.DictReader(open(f"{REF}/regional_multipliers_derived.csv", encoding="utf-8")):
        mult[(r["family"], r["region"])].append(float(r["multiplier"]))
    have = {(p["instance"], p["region"]) for p in od}
    base = {p["instance"]: p["usd_hr"] for p in od if p["region"] == "us-east-1"}
    for iid, inst in instances.items():
        fam = inst["family"]
        for reg in MAIN_REGIONS:
            if (iid, reg) in have or iid not in base or not mult.get((fam, reg)):
                continue
            m = statistics.median(mult[(fam, reg)])
            od.append({"instance": iid, "region": reg, "usd_hr": round(base[iid] * m, 5), "source": "derived-multiplier",
                       "as_of": "2026-05-22", "derived": True, "multiplier": m})

    for us in ULTRASERVERS:
        iid, fam, acc, count, mem, note, src = us
        instances[iid] = {"id": iid, "family": fam, "accelerator": acc, "count": count, "fraction": 1, "accel_mem_gib": mem,
                          "vcpus": None, "ram_gib": None, "net_gbps": None, "efa_interfaces": None,
                          "interconnect": "nvlink" if acc.startswith(("gb", "b3")) else "neuronlink", "nvme_gb": None,
                          "neuron_cores": None, "legacy": False, "ultraserver": True, "regions": [], "source": src,
                          "as_of": "2026-08-12" if src == "article-001" else "2025-12-02", "note": note}

    # Reserved Instances (published, us-east-1).
    ri = []
    pay = {"No Upfront": "no", "Partial Upfront": "partial", "All Upfront": "all"}
    for r in csv.DictReader(open(f"{REF}/commitments/commitment_rates.csv", encoding="utf-8")):
        opt = r["option"]
        if not opt.startswith("Reserved Instance - ") or r["payment"] not in pay or not r["effective_hourly_usd"]:
            continue
        if r["as_of"] != "2025-11-30":
            continue
        ri.append({"instance": r["instance_type"], "region": r["region"], "class": opt.split(" - ")[1].lower(),
                   "term_years": int(r["term"][0]), "payment": pay[r["payment"]],
                   "effective_usd_hr": float(r["effective_hourly_usd"]), "source": "vantage-ri", "as_of": "2025-11-30"})

    # Savings Plan assumptions: the median implied RI discount across the types with published RIs.
    # EC2 Instance SP ~ Standard RI, Compute SP ~ Convertible RI (AWS positions them so; no per-type SP rate is public).
    disc = defaultdict(list)
    for x in ri:
        b = base.get(x["instance"])
        if b:
            disc[(x["class"], x["term_years"], x["payment"])].append(1 - x["effective_usd_hr"] / b)
    sp = []
    for plan, cls, cap in (("compute", "convertible", 0.66), ("ec2instance", "standard", 0.72)):
        for term in (1, 3):
            for p in ("no", "partial", "all"):
                d = min(statistics.median(disc[(cls, term, p)]), cap)
                sp.append({"plan": plan, "term_years": term, "payment": p, "discount_pct": round(d * 100, 1),
                           "assumption": True, "source": "gpuplan-assumption", "as_of": "2025-11-30",
                           "basis": f"median implied discount of published us-east-1 {cls} RIs ({term}-year, {p} upfront) over "
                                    f"{len(disc[(cls, term, p)])} GPU/Neuron types, capped at AWS's maximum {int(cap*100)} %"})

    history = []
    for r in csv.DictReader(open(f"{REF}/price_history_us-east-1.csv", encoding="utf-8")):
        if r["instance_type"] in ("p5.48xlarge", "p4d.24xlarge", "p4de.24xlarge", "p5en.48xlarge"):
            history.append({"instance": r["instance_type"], "region": r["region"], "from": r["effective_in_data_from"],
                            "usd_hr": float(r["ondemand_usd_hr"]), "source": "karpenter-history"})

    for p in od:
        inst = instances.get(p["instance"])
        if inst is not None and p["region"] not in inst["regions"]:
            inst["regions"].append(p["region"])
    for s in spot:
        inst = instances[s["instance"]]
        if s["region"] not in inst["regions"]:
            inst["regions"].append(s["region"])
    for inst in instances.values():
        inst["regions"].sort(key=lambda r: (r not in MAIN_REGIONS, MAIN_REGIONS.index(r) if r in MAIN_REGIONS else 0, r))

    accelerators = []
    for a in ACCELERATORS:
        (aid, name, vendor, stack, arch, mem, bw, bf16, fp16, fp8, int8, fp64, tdp, gfx, src, note) = a
        accelerators.append({"id": aid, "name": name, "vendor": vendor, "stack": stack, "arch": arch, "mem_gb": mem,
                             "mem_bw_gbs": bw, "bf16_tflops": bf16, "fp16_tflops": fp16, "fp8_tflops": fp8,
                             "int8_tops": int8, "fp64_tflops": fp64, "tdp_w": tdp, "graphics": gfx,
                             "source": src, "as_of": "2025-12-02" if src == "neuron-docs" else "2026-08-01", "note": note})

    catalog = {
        "schema_version": 1,
        "as_of": "2026-07-20",
        "sources": [{"id": s[0], "title": s[1], "publisher": s[2], "where": s[3], "date": s[4]} for s in SOURCES],
        "accelerators": accelerators,
        "instances": sorted(instances.values(), key=lambda i: (i["family"], i["accel_mem_gib"] * (i["count"] or 0) if i["accel_mem_gib"] else 0, i["vcpus"] or 0)),
        "on_demand": sorted(od, key=lambda p: (p["instance"], p["region"])),
        "spot": sorted(spot, key=lambda p: (p["instance"], p["region"])),
        "reserved": ri,
        "savings_plan_assumptions": sp,
        "capacity_blocks": {
            "families": CB_FAMILIES, "min_days": 1, "max_daily_days": 14, "weekly_step_days": 7, "max_days": 182,
            "max_instances": 64, "max_lead_weeks": 8, "source": "aws-cb-docs", "as_of": "2026-06-01",
            "rates": [{"instance": c[0], "region": c[1], "usd_hr": c[2], "as_of": c[3], "source": c[4], "note": c[5]} for c in CB_RATES],
        },
        "spot_rules": {"notice_minutes": 2, "max_discount_pct": 90, "bands": ["<5", "5-10", "10-15", "15-20", ">20"], "source": "aws-spot-docs", "as_of": "2026-06-01"},
        "price_history": history,
        "article_quotes": [{"source": q[0], "quote": q[1], "instance": q[2], "kind": q[3], "usd": q[4], "status": q[5],
                            "note_en": q[6], "note_zh": q[7]} for q in ARTICLE_QUOTES],
    }
    out = json.dumps(catalog, ensure_ascii=False, indent=None, separators=(",", ":"))
    # One entry per line keeps diffs readable without indenting every field.
    out = out.replace("},{", "},\n{").replace(":[{", ":[\n{")
    sys.stdout.write(out + "\n")


if __name__ == "__main__":
    main()
