#!/usr/bin/env python3
"""Builds catalog.json from the collected public figures in ../shared/reference.

Every figure in the output names a source id from the `sources` table and an as-of date.
Curated facts that are not in the CSVs (accelerator capabilities, UltraServer units,
Savings Plan assumptions, the articles' quoted prices) live in this file, each with its
source. Run: python3 scripts/build_catalog.py [REFERENCE_DIR] > catalog.json
"""
import csv
import json
import re
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
    ("skypilot-vms", "SkyPilot catalog v8 AWS vms.csv: regional On-Demand and per-AZ Spot (snapshot dated between 2026-05-22 and 2026-07-20; earliest bound used; Spot figures leave out Local Zones, where no regional fleet runs)",
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
    ("vantage-regional", "instances.vantage.sh AWS price data as auto-generated into tsaol/aws-gpu data/<family>_instances.js ('Last updated: 2026-08-26'): Linux On-Demand per region",
     "instances.vantage.sh via github.com/tsaol/aws-gpu", "github.com/tsaol/aws-gpu/tree/299375be/data (g4dn, g6, g6e, g7e, inf1, inf2, p4de, p5, p5en, p6-b200, trn1, trn2, p5e; g5, g6f, gr6, p4d, trn1n @ 18aebd1d)", "2026-08-26"),
    ("vantage-spot", "instances.vantage.sh raw record via tsaol/aws-gpu data/gpu_instances_raw.json: Spot average over zones (spot_avg), zone range, Spot Instance Advisor interruption bucket",
     "instances.vantage.sh via github.com/tsaol/aws-gpu", "github.com/tsaol/aws-gpu/blob/2d0108c7/data/gpu_instances_raw.json", "2025-11-30"),
    ("neuron-llm-libs", "AWS Neuron docs: Transformers Neuron (transformers-neuronx) runs LLM inference on second-generation Neuron hardware (NeuronCore-v2, Trn1 and Inf2); vLLM with NxD Inference supports Inf2, Trn1 and Trn2; Inf1 is NeuronCore-v1 (Model Architecture Fit Guidelines)",
     "AWS", "github.com/aws-neuron/transformers-neuronx (README); awsdocs-neuron.readthedocs-hosted.com libraries/vllm-neuron/neuron-inference-overview.html; general/arch/model-architecture-fit.html", "2026-07-20"),
    ("gpuplan-assumption", "gpuplan assumption: no public figure exists; derived as stated in the entry and editable on the page",
     "gpuplan", "", "2026-11-29"),
] + [
    # Issue 25: published Savings Plan rates, Spot per zone (v9), the Capacity Block changes, grid carbon.
    ("sp-aws-samples", "AWS Samples: agentic coding harness benchmarks, self-hosted/vllm/pricing.json ('These are published rates'; as_of 2026-09-01, us-east-1)",
     "AWS (aws-samples)", "github.com/aws-samples/sample-agentic-coding-harness-benchmarks/blob/1e5efc29/self-hosted/vllm/pricing.json", "2026-09-01"),
    ("skypilot-vms-v9", "SkyPilot catalog v9 AWS vms.csv: per-zone Spot and On-Demand (stored version 2c3d7ea7; undated, inferred 2026-06..2026-07, earliest bound used); Local Zones and zones at On-Demand left out",
     "skypilot-org/skypilot-catalog", "github.com/skypilot-org/skypilot-catalog/blob/2c3d7ea7/catalogs/v9/aws/vms.csv", "2026-06-01"),
    ("spot-advisor-2025", "Spot Instance Advisor data (spot-advisor-data.json) as copied into alexei-led/spotinfo: interruption band per type and region",
     "AWS via github.com/alexei-led/spotinfo", "github.com/alexei-led/spotinfo/blob/5eedf20/internal/spot/data/spot-advisor-data.json", "2025-06-28"),
    ("ccf-grid", "Cloud Carbon Footprint: AWS region grid emission factors (location-based annual averages; EPA eGRID2020 in the US, carbonfootprint.com 2021 and EEA elsewhere)",
     "Cloud Carbon Footprint (Thoughtworks)", "github.com/cloud-carbon-footprint/cloud-carbon-footprint/blob/378d283c/packages/aws/src/domain/AwsFootprintEstimationConstants.ts", "2022-11-02"),
    ("aws-pue-2024", "Amazon sustainability report: 'In 2024, AWS data centers reported a global PUE of 1.15'",
     "Amazon", "sustainability.aboutamazon.com/products-services/aws-cloud", "2025-07-01"),
] + [
    # Interconnect (../shared/reference/interconnect.csv; quotes there). Undated pages carry the date they were read.
    ("nvlink-specs", "NVIDIA NVLink specifications table (gen 2/3/4: 300/600/900 GB/s total per GPU; 6/12/18 links), reproduced on juejin.cn",
     "juejin.cn", "https://juejin.cn/post/7232679817128132665", "2023-05-01"),
    ("nvlink5-specs", "NVIDIA NVLink & NVLink Switch product text: 18 x 100 GB/s = 1.8 TB/s per Blackwell GPU (reseller reproduction; undated, read 2026-12-01)",
     "NVIDIA via catalogone.com", "https://catalogone.com/data-center-and-cloud-computing-nvlink-nvswitch", "2026-12-01"),
    ("aws-ec2-accel-docs", "Amazon EC2 User Guide: Accelerated computing instances (P3 NVLink peer-to-peer; P4d NVSwitch and GPUDirect RDMA)",
     "AWS", "github.com/awsdocs/amazon-ec2-user-guide/blob/d289961/doc_source/accelerated-computing-instances.md", "2023-05-11"),
    ("nvidia-hgx-nvswitch", "NVIDIA AI Enterprise docs: NVSwitch platform support (HGX A100/H100/H200/B200/B300 8-GPU baseboards; undated, read 2026-12-01)",
     "NVIDIA", "https://docs.nvidia.com/ai-enterprise/release-8/8.0/infra-software/vgpu/features/nvswitch.html", "2026-12-01"),
    ("aws-gpu-table", "Shashank Prasanna (AWS): GPU instance table, interconnect column (NVLink gen / PCIe) for P3, P4, G4, G5 (undated, 2021-2022)",
     "AWS (author's gist)", "https://gist.github.com/shashankprasanna/10ebe6dc1ba1d8d93db17da4e2cc890e", "2022-11-21"),
    ("pcie-gen3", "Dell EMC Ready Solutions for AI reference guide: PCIe Gen3 x16 = 16 GB/s per direction (undated, ~2018); T4 is PCIe Gen3 (NVIDIA T4 brief)",
     "Dell EMC; NVIDIA", "http://www.manualshelf.com/manual/dell/high-performance-computing-solution-resources/reference-guide-english/page-17.html", "2018-01-01"),
    ("pcie-gen4", "NVIDIA L40/L40S specification table: PCIe Gen4 x16 64 GB/s bidirectional; L4 and A10 are PCIe 4.0 x16 (spec pages; undated, read 2026-12-01)",
     "NVIDIA via mullet.se, store.sourcecode.com, sysrqmts.com", "https://www.mullet.se/product.html?product_id=355414", "2026-12-01"),
    ("pcie-gen5", "Scaleway docs: PCIe Gen 5 theoretical maximum 128 GB/s; RTX PRO 6000/4500 Blackwell are PCIe 5.0 x16 (technical.city)",
     "Scaleway; technical.city", "github.com/scaleway/docs-content/blob/main/pages/gpu/reference-content/migration-h100.mdx", "2025-11-18"),
    ("neuron-trn1-arch", "AWS Neuron docs: Amazon EC2 Trn1/Trn1n Architecture (2024-02 version): NeuronLink-v2 384 / 768 GiB/s per device, 2D torus",
     "AWS", "github.com/aws-neuron/aws-neuron-sdk/blob/82ffe529/general/arch/neuron-hardware/trn1-arch.rst", "2024-02-13"),
    ("neuron-inf-arch", "AWS Neuron docs: Amazon EC2 Inf1 and Inf2 Architecture: NeuronLink-v1 32 GiB/s, NeuronLink-v2 192 GiB/s per chip, ring",
     "AWS", "github.com/aws-neuron/aws-neuron-sdk/blob/1db4d74e/about-neuron/arch/neuron-hardware/inf2-arch.rst", "2025-10-17"),
    ("neuron-trn2-arch", "AWS Neuron docs: Amazon EC2 Trn2 Architecture: NeuronLink-v3 1,024 GB/s per chip intra-instance; UltraServer = 4 x trn2u = 64 chips",
     "AWS", "github.com/aws-neuron/aws-neuron-sdk/blob/1db4d74e/about-neuron/arch/neuron-hardware/trn2-arch.rst", "2025-10-17"),
    ("eks-ultraserver", "Amazon EKS User Guide: Use P6e-GB200 UltraServers (u-p6e-gb200x72 = 18 x 4 GPUs in one NVLink domain)",
     "AWS", "github.com/awsdocs/amazon-eks-user-guide/blob/00e3293d/latest/ug/ml/ml-eks-nvidia-ultraserver.adoc", "2025-11-03"),
    ("aws-ofi-nccl", "AWS NCCL plugin (aws-ofi-nccl) per-platform table: which types require GPUDirect RDMA over EFA",
     "AWS", "github.com/aws/aws-ofi-nccl/blob/2daf7d30/src/platform-aws.cpp", "2026-08-21"),
    ("aws-ofi-nccl-547", "aws/aws-ofi-nccl issue #547 (AWS maintainer): G6e has no GPUDirect RDMA; only P-series from p4d have it (Aug 2025); a user measured ~3 GB/s nccl-tests on g6e",
     "AWS", "https://github.com/aws/aws-ofi-nccl/issues/547", "2025-08-12"),
] + [
    # Issue 28 (chip and family capabilities as data): the vCPU quota each family counts against.
    ("aws-ec2-quotas", "EC2 User Guide: Spot Instance quotas (DL, G and VT, Inf, P, Trn; undated, read 2026-12-06)",
     "AWS", "docs.aws.amazon.com/AWSEC2/latest/UserGuide/using-spot-limits.html", "2026-12-06"),
]

# What kind of source each is (the page labels an article's or a derived figure as such); every other
# source is a published page, file or data set.
SOURCE_KINDS = {"derived-multiplier": "derived", "gpuplan-assumption": "assumption"}


def source_kind(sid):
    return "article" if sid.startswith("article-") else SOURCE_KINDS.get(sid, "published")


# Each accelerator's generation, from its `arch` text (the beginning that names it): what the engine asks
# for FP8, FP4 and BF16, and the stack (src/catalog/chip.rs; rule generation_matches_arch).
ARCH_GENERATIONS = [("Volta", "volta"), ("Turing", "turing"), ("Ampere", "ampere"), ("Ada Lovelace", "ada"),
                    ("Hopper", "hopper"), ("Blackwell", "blackwell"), ("Gaudi", "gaudi"),
                    ("NeuronCore-v1 ", "neuron1"), ("NeuronCore-v2 ", "neuron2"), ("NeuronCore-v3 ", "neuron3"),
                    ("NeuronCore-v4 ", "neuron4")]


def generation(arch):
    found = [g for prefix, g in ARCH_GENERATIONS if arch.startswith(prefix)]
    assert len(found) == 1, f"no single generation for arch {arch!r}"
    return found[0]


# The labelled assumption (the Assumptions view's link key) standing in for a chip's 16-bit dense peak where
# no source read gives one (the chips' notes say so).
ASSUMED_PEAKS = {"a10g": "a10g", "rtx-pro-6000": "rtx6000", "gaudi": "gaudi"}

# The vCPU quota of each instance family: AWS names each quota by the letters that begin its families'
# names (aws-ec2-quotas), longest first.
QUOTA_LETTERS = [("inf", "inf"), ("trn", "trn"), ("dl", "dl"), ("p", "p"), ("g", "g")]


def quota_families(instances):
    """Each quota (p, g = G and VT, inf, trn, dl) with the families listed under it."""
    out = {q: [] for q in ("p", "g", "inf", "trn", "dl")}
    for fam in sorted({i["family"] for i in instances.values()}):
        quota = next((q for letters, q in QUOTA_LETTERS if fam.startswith(letters)), None)
        assert quota, f"no quota family for {fam}"
        out[quota].append(fam)
    return {**out, "source": "aws-ec2-quotas", "as_of": "2026-12-06"}

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
     "nvidia-specs", "Dense tensor rates not found in the sources read: compute uses the labelled assumption rtx6000 (16-bit dense TFLOPS, editable on the Assumptions view)."),
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

# Accelerators whose toolchain does not run generative LLM decoding, with the source that says so.
NO_LLM_DECODE = {"inferentia": "neuron-llm-libs"}

# Inference-only accelerators (no training toolchain), with the source that says so: the Neuron
# architecture pages describe Inf1/Inf2 as inference accelerators, Trn1/Trn2/Trn3 for training.
INFERENCE_ONLY = {"inferentia": "neuron-docs", "inferentia2": "neuron-docs"}

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
# The regions a rate stated for a group of regions ("*") is stated for: the sources quote US regions
# (Article 003: "in US regions"); elsewhere such a rate is applied, and the plan says it is derived. Rule
# cb_group_rate_regions_priced: each is a region the catalog prices On-Demand, listed once.
CB_GROUP_RATE_REGIONS = ["us-east-1", "us-east-2", "us-west-1", "us-west-2"]
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
     "30-50 % of the pre-cut $98.32; the catalog's own us-east-1 Spot figure (the region table) is far below that range.", "为降价前 98.32 美元的 30-50%；目录自身的 us-east-1 Spot 价格（见区域表）远低于此区间。"),
    ("article-003", "p4d.24xlarge单颗A100按需约4.10美元/小时", "p4d.24xlarge", "od_per_accel", 4.10, "price_cut",
     "$4.10 per A100-hour is the pre-cut $32.77/8; since 2025-06-23 it is $2.745 per A100-hour.", "每 A100 小时 4.10 美元是降价前 32.77/8；自 2025-06-23 起为每 A100 小时 2.745 美元。"),
    # Matches the per-zone Spot of spot_prices_extra.csv (us-east-1 median $9.898/h = $1.237 per A100-hour).
    ("article-003", "p4d.24xlarge Spot约1.23美元/小时（单颗A100）", "p4d.24xlarge", "spot_per_accel", 1.23, "match", "", ""),
    ("article-003", "p4d.24xlarge按需月费约16,029美元", "p4d.24xlarge", "od_monthly", 16029, "match", "", ""),
    ("article-003", "Capacity Blocks可将p4d成本降至约8,496美元（月）", "p4d.24xlarge", "cb_monthly", 8496, "other",
     "The only published p4d Capacity Block rate found is $14.75/h (AWS page, late 2024) = $10,768 a month at 730 h.",
     "找到的唯一公开 p4d Capacity Block 价格是 14.75 美元/小时（AWS 页面，2024 年底），按 730 小时为每月 10,768 美元。"),
    ("article-003", "P5为5.191美元/GPU小时（美国区域）", "p5.48xlarge", "cb_per_accel", 5.191, "match", "", ""),
    ("article-001", "P6-B300每GPU小时上调至14.04美元", "p6-b300.48xlarge", "cb_per_accel", 14.04, "match", "", ""),
    ("article-001", "P6-B200上调至12.355美元", "p6-b200.48xlarge", "cb_per_accel", 12.355, "match", "", ""),
]


# ---- Interconnect (issue 13): how accelerators reach each other, per instance type. ----
# Kind `nvswitch` where a source states the GPUs meet at an NVSwitch (every pair at full NVLink bandwidth, so a
# serving engine's all-reduce is one-shot, not a ring): P4d (aws-ec2-accel-docs, "P4d instances support NVIDIA NVSwitch"),
# the HGX A100/H100/H200/B200/B300 baseboards of P5/P5e/P5en/P6 (nvidia-hgx-nvswitch) and the NVL72 racks' NVLink Switch
# (interconnect.csv); `nvlink` stays for V100's hybrid cube-mesh (P3), where pairs without an NVLink use PCIe.
# Per chip: (kind, name, GB/s per accelerator ONE direction, how that follows from the source, source id, as_of).
# NVIDIA states NVLink totals two-way (300/600/900/1800 GB/s per GPU), so one direction is half. The Neuron docs
# do not state a direction for NeuronLink GiB/s per device: treated like NVIDIA's totals (two-way), halved,
# which is the cautious reading; GiB are converted to GB (x 1.0737).
GIB_GB = 1.073741824
CHIP_LINKS = {
    "t4": ("pcie", "PCIe Gen3 x16", 16, "PCIe Gen3 x16: 16 GB/s per direction", "pcie-gen3", "2018-01-01"),
    "a10g": ("pcie", "PCIe Gen4 x16", 32, "64 GB/s two-way / 2 (A10 card figure; the AWS A10G variant is not separately confirmed)", "pcie-gen4", "2026-12-01"),
    "l4": ("pcie", "PCIe Gen4 x16", 32, "64 GB/s two-way / 2", "pcie-gen4", "2026-12-01"),
    "l40s": ("pcie", "PCIe Gen4 x16", 32, "64 GB/s two-way / 2 (no NVLink on L40S)", "pcie-gen4", "2026-12-01"),
    "rtx-pro-6000": ("pcie", "PCIe Gen5 x16", 64, "128 GB/s theoretical two-way / 2 (no NVLink)", "pcie-gen5", "2025-11-18"),
    "rtx-pro-4500": ("pcie", "PCIe Gen5 x16", 64, "128 GB/s theoretical two-way / 2 (no NVLink)", "pcie-gen5", "2025-11-18"),
    "v100": ("nvlink", "NVLink 2", 150, "300 GB/s two-way per GPU / 2", "nvlink-specs", "2023-05-01"),
    "v100-32": ("nvlink", "NVLink 2", 150, "300 GB/s two-way per GPU / 2", "nvlink-specs", "2023-05-01"),
    "a100-40": ("nvswitch", "NVLink 3 (NVSwitch)", 300, "600 GB/s two-way per GPU / 2", "nvlink-specs", "2023-05-01"),
    "a100-80": ("nvswitch", "NVLink 3 (NVSwitch)", 300, "600 GB/s two-way per GPU / 2", "nvlink-specs", "2023-05-01"),
    "h100": ("nvswitch", "NVLink 4 (NVSwitch)", 450, "900 GB/s two-way per GPU / 2", "nvlink-specs", "2023-05-01"),
    "h200": ("nvswitch", "NVLink 4 (NVSwitch)", 450, "900 GB/s two-way per GPU / 2", "nvlink-specs", "2023-05-01"),
    "b200": ("nvswitch", "NVLink 5 (NVSwitch)", 900, "1.8 TB/s two-way per GPU / 2", "nvlink5-specs", "2026-12-01"),
    "b300": ("nvswitch", "NVLink 5 (NVSwitch)", 900, "1.8 TB/s two-way per GPU / 2", "nvlink5-specs", "2026-12-01"),
    "gb200": ("nvswitch", "NVLink 5 (NVLink Switch)", 900, "1.8 TB/s two-way per GPU / 2", "nvlink5-specs", "2026-12-01"),
    "trainium": ("neuronlink", "NeuronLink-v2", round(384 * GIB_GB / 2, 1), "384 GiB/s per device (trn1.32xlarge), direction not stated: halved", "neuron-trn1-arch", "2024-02-13"),
    "trainium2": ("neuronlink", "NeuronLink-v3", 512, "1,024 GB/s per chip intra-instance, direction not stated: halved", "neuron-trn2-arch", "2025-10-17"),
    "inferentia2": ("neuronlink", "NeuronLink-v2", round(192 * GIB_GB / 2, 1), "192 GiB/s per chip, direction not stated: halved", "neuron-inf-arch", "2025-10-17"),
    "inferentia": ("neuronlink", "NeuronLink-v1", round(32 * GIB_GB / 2, 1), "32 GiB/s per chip, direction not stated: halved", "neuron-inf-arch", "2025-10-17"),
    # No source read gives Gaudi's or Trainium3's chip-to-chip figure: None, and the engine uses its labelled assumption.
    "gaudi": ("roce", "RoCE (on-chip Ethernet)", None, "no source read gives the figure", "gpuplan-assumption", "2026-12-01"),
    "trainium3": ("neuronlink", "NeuronLink-v4 / NeuronSwitch", None, "UltraServer figures only; not planned", "gpuplan-assumption", "2026-12-01"),
}
# Per-instance corrections to the chip figure.
LINK_OVERRIDES = {
    "trn1n.32xlarge": {"link_gbs": round(768 * GIB_GB / 2, 1), "basis": "768 GiB/s per device (trn1n.32xlarge), direction not stated: halved"},
    "p3.16xlarge": {"note": "Hybrid cube-mesh: not every GPU pair has an NVLink; pairs without one use PCIe."},
    "p3dn.24xlarge": {"note": "Hybrid cube-mesh: not every GPU pair has an NVLink; pairs without one use PCIe."},
    "p3.8xlarge": {"note": "AWS's launch table gives 200 GBps aggregate for this 4-GPU size; the per-GPU NVLink 2 figure is used."},
}
# Where the domain size (accelerators sharing the link) comes from.
DOMAIN_SOURCE = {"nvlink": "aws-ec2-accel-docs", "nvswitch": "aws-ec2-accel-docs", "neuronlink": "neuron-trn1-arch", "pcie": "aws-gpu-table", "roce": "karpenter-specs"}
ULTRA_DOMAINS = {"u-p6e-gb200x72": (72, "eks-ultraserver"), "u-p6e-gb300x72": (72, "article-001"), "trn2-ultraserver": (64, "neuron-trn2-arch")}
# GPUDirect RDMA over EFA: the AWS NCCL plugin's gdr_required flags; g6e and the other G types per the maintainer (Aug 2025).
GDR_YES = ("p4d.", "p4de.", "p5.48", "p5e.", "p5en.", "p6-b200.", "p6-b300.", "trn1.32", "trn1n.", "trn2.48", "g7e.12", "g7e.24", "g7e.48")
GDR_NO = ("p5.4xlarge", "p3dn.", "g5.", "g6e.", "g6.", "g4dn.", "g7e.8", "gr6.")


def interconnect_links(instances):
    """One `links` entry per instance type: intra-instance link, fast-domain size, network per accelerator, GPUDirect RDMA."""
    out = []
    for iid, inst in sorted(instances.items()):
        kind, name, gbs, basis, src, as_of = CHIP_LINKS[inst["accelerator"]]
        o = LINK_OVERRIDES.get(iid, {})
        gbs, basis = o.get("link_gbs", gbs), o.get("basis", basis)
        count = inst["count"]
        if iid in ULTRA_DOMAINS:
            domain, dsrc = ULTRA_DOMAINS[iid]
        elif count is None:
            domain, dsrc = 1, "gpuplan-assumption"
        else:
            domain, dsrc = int(count), (DOMAIN_SOURCE[kind] if count > 1 else inst["source"])
        if inst["family"] in ("trn2",):
            dsrc = "neuron-trn2-arch"
        if inst["family"] == "inf2":
            dsrc = "neuron-inf-arch"
        if inst["family"] in ("p5", "p5e", "p5en", "p6-b200", "p6-b300"):
            dsrc = "nvidia-hgx-nvswitch"
        net = inst["net_gbps"]
        per = round(net / count, 3) if net is not None and count else None
        gdr_src = None
        gdr = None
        if iid.startswith(GDR_YES):
            gdr, gdr_src = True, "aws-ofi-nccl"
        elif iid.startswith(GDR_NO):
            gdr, gdr_src = False, ("aws-ofi-nccl" if iid.startswith(("p5.4", "p3dn.", "g5.48", "g7e.8")) else "aws-ofi-nccl-547")
        out.append({
            "instance": iid, "kind": kind, "name": name, "link_gbs": clean(gbs) if gbs is not None else None,
            "link_basis": basis, "source": src, "as_of": as_of, "domain": domain, "domain_source": dsrc,
            "net_gbps_per_accel": clean(per) if per is not None else None,
            "net_basis": f"{clean(net)} Gbps / {clean(count)} accelerators (derived)" if per is not None else "",
            "gdr": gdr, "gdr_source": gdr_src, "note": o.get("note", ""),
        })
    return out


def num(s):
    s = (s or "").strip()
    if s == "" or s.lower() in ("none", "n/a", "—"):
        return None
    # Some cells carry a remark after the figure ("0.125 (fractional L4; ...)").
    return float(s.split()[0])


# Spot rule: the catalog's Spot figures (median, min, max, zone counts) leave out AWS Local Zones (zone ids
# with a city part, `use1-atl2-az1`, vs a regional `use1-az1`): a Local Zone is an opt-in metro extension,
# not where a regional Spot fleet runs, and its few, cheap listings (p6-b200 $13.03 in Atlanta vs $21.01 in
# use1-az6) pulled the medians far below what a regional request pays. check_spot_rule() enforces it.
LOCAL_ZONE = r"[a-z]+\d+-[a-z]+\d+-az\d+"


def is_local_zone(zone):
    import re
    return re.fullmatch(LOCAL_ZONE, zone) is not None


def spot_zone_prices(detail):
    """The (zone, price) listings of a `spot_az_detail` cell, "az1..az3:0.67" read as three zones; zones
    with no price ('') and remarks in brackets are skipped."""
    import re
    out = []
    for tok in (detail or "").split():
        m = re.fullmatch(r"([a-z0-9-]+?)(?:\(partial\))?(?:\.\.az(\d+))?:([0-9.]+)", tok)
        if not m:
            continue
        zone, last, price = m.group(1), m.group(2), float(m.group(3))
        n = 1
        if last:
            first = re.search(r"az(\d+)$", zone)
            n = int(last) - int(first.group(1)) + 1 if first else 1
        out += [(zone, price)] * n
    return out


def regional_spot(detail, od_price, median, lo, hi):
    """The Spot (median, min, max) over regional zones: recomputed from the zone prices when a Local Zone
    listed a price below On-Demand, else the reference's figures (which then use no Local Zone)."""
    below = [(z, p) for z, p in spot_zone_prices(detail) if od_price is None or p < od_price]
    if not any(is_local_zone(z) for z, _ in below):
        return median, lo, hi
    ps = sorted(p for z, p in below if not is_local_zone(z))
    if not ps:
        return None, None, None
    return round(statistics.median(ps), 5), ps[0], ps[-1]


def check_spot_rule(raw, spot):
    """No Spot figure equals a Local Zone's price unless a regional zone lists that same price."""
    by = {(r["instance_type"], r["region"]): r for r in raw}
    for s in spot:
        r = by.get((s["instance"], s["region"]))
        if r is None:
            continue
        zones = spot_zone_prices(r["spot_az_detail"])
        lz = {p for z, p in zones if is_local_zone(z)} - {p for z, p in zones if not is_local_zone(z)}
        for k in ("median_usd_hr", "min_usd_hr", "max_usd_hr"):
            assert s.get(k) not in lz, f"{s['instance']} {s['region']} Spot {k} is a Local Zone price"


def spot_zones(detail, od_price):
    """Counts the regional zones of a `spot_az_detail` cell (Local Zones left out, see LOCAL_ZONE): (zones
    with a Spot price below On-Demand, the median's basis; zones listed at On-Demand, i.e. no Spot capacity
    or discount there). Reads "az1..az3:0.67" as three zones; zones with no price ('') and remarks in
    brackets are not counted."""
    below = at_od = 0
    for zone, price in spot_zone_prices(detail):
        if is_local_zone(zone):
            continue
        if od_price is not None and price >= od_price:
            at_od += 1
        else:
            below += 1
    return below, at_od


# regional_prices_extra.csv lists, for these families in these regions, every size vantage prices
# (together with catalog_raw.csv): a size it does not list is not offered there On-Demand (its README,
# "How to read 'not listed'"), so no price is derived for it from a regional multiplier.
EXTRA_FAMILIES = {"g4dn", "g5", "g6", "g6e", "g6f", "gr6", "g7e", "inf1", "inf2", "trn1", "trn1n", "trn2",
                  "p4d", "p4de", "p5", "p5e", "p5en", "p6-b200"}
EXTRA_REGIONS = {"ap-northeast-1", "ap-southeast-1", "ap-east-1", "eu-central-1", "us-east-1", "us-east-2",
                 "us-west-2", "eu-west-1", "ap-northeast-2", "ap-south-1"}


def advisor_band(note):
    """The Spot Instance Advisor bucket quoted in a regional_prices_extra.csv note ("bucket >20%" -> ">20")."""
    import re
    m = re.search(r"bucket (<5|5-10|10-15|15-20|>20)%", note or "")
    return m.group(1) if m else None


def add_regional_extra(od, spot, instances):
    """Adds the On-Demand and Spot prices of ../shared/reference/regional_prices_extra.csv (collected for
    the regions the articles' readers use: Tokyo, Singapore, Hong Kong, Frankfurt, ...). A published price
    replaces a derived one for the same pair; a pair already published is kept (the file's values are
    identical, per its cross-check). Spot: vantage's average over zones (2025-11-30) where the catalog has
    no observed Spot price for the pair, with the zone range as min/max; zones are not counted there
    (n_az 0). The Advisor bucket in the note becomes the pair's interruption band where none is known."""
    import re
    path = f"{REF}/regional_prices_extra.csv"
    try:
        rows = list(csv.DictReader(open(path, encoding="utf-8")))
    except FileNotFoundError:
        return
    od_at = {(p["instance"], p["region"]): i for i, p in enumerate(od)}
    spot_at = {(x["instance"], x["region"]): x for x in spot}
    for r in rows:
        iid, reg = r["instance_type"], r["region"]
        if iid not in instances:
            continue
        price = num(r["ondemand_linux_usd_hr"])
        if price is not None:
            entry = {"instance": iid, "region": reg, "usd_hr": price, "source": "vantage-regional",
                     "as_of": "2026-08-26", "derived": False}
            i = od_at.get((iid, reg))
            if i is None:
                od_at[(iid, reg)] = len(od)
                od.append(entry)
            elif od[i]["derived"]:
                od[i] = entry
        band = advisor_band(r["notes"])
        sp = num(r["spot_usd_hr"])
        have = spot_at.get((iid, reg))
        if have is None and sp is not None and (price is None or sp < price):
            rng = re.search(r"AZ range ([0-9.]+)-([0-9.]+)", r["notes"])
            have = {"instance": iid, "region": reg, "median_usd_hr": sp,
                    "min_usd_hr": float(rng.group(1)) if rng else None,
                    "max_usd_hr": float(rng.group(2)) if rng else None,
                    "n_az": 0, "n_az_at_od": 0, "source": "vantage-spot", "as_of": "2025-11-30"}
            spot.append(have)
            spot_at[(iid, reg)] = have
        if have is not None and band and "interruption_band" not in have:
            have["interruption_band"] = band
            have["band_source"] = "vantage-spot"


# Issue 25, kept in their own functions (another branch adds managed-service prices to this file).

SP_PLAN = {"compute": "compute", "instance": "ec2instance"}


def savings_plan_rates(instances):
    """Published Savings Plan rates (../shared/reference/savings_plans_rates.csv): effective $/h with the
    upfront amount where the source gives it; `payment` null where the source does not state it."""
    out = []
    for r in csv.DictReader(open(f"{REF}/savings_plans_rates.csv", encoding="utf-8")):
        if r["instance"] not in instances:
            continue
        pay = r["payment"] if r["payment"] in ("no", "partial", "all") else None
        up = num(r["upfront_usd"])
        out.append({"instance": r["instance"], "region": r["region"], "plan": SP_PLAN[r["plan"]],
                    "term_years": int(r["term_years"]), "payment": pay, "effective_usd_hr": float(r["effective_usd_hr"]),
                    "upfront_usd": up, "source": "sp-aws-samples", "as_of": r["as_of"]})
    return sorted(out, key=lambda x: (x["instance"], x["region"], x["plan"], x["term_years"]))


def advisor_band_v9(note):
    """The Spot Advisor band quoted in a spot_prices_extra.csv note ("interruption 10-15%" -> "10-15")."""
    import re
    m = re.search(r"interruption (<5|5-10|10-15|15-20|>20)%", note or "")
    return m.group(1) if m else None


# Zones spot_prices_extra.csv left out because they list Spot at the On-Demand price (no Spot capacity
# there), per its README ("Dropped because Spot = On-Demand", 27 rows): counted as n_az_at_od.
V9_ZONES_AT_OD = {
    ("dl1.24xlarge", "us-west-2"): 1, ("trn1.32xlarge", "us-west-2"): 1, ("p5.48xlarge", "us-east-1"): 2,
    ("p5.4xlarge", "us-east-1"): 1, ("p4d.24xlarge", "ap-northeast-1"): 1, ("p4d.24xlarge", "eu-central-1"): 1,
    ("p4de.24xlarge", "ap-southeast-1"): 2, ("g5.12xlarge", "eu-central-1"): 1, ("g5.24xlarge", "eu-central-1"): 1,
    ("g5.48xlarge", "eu-central-1"): 1, ("g5.24xlarge", "ap-northeast-1"): 1, ("g5.48xlarge", "ap-northeast-1"): 1,
    ("g6e.xlarge", "eu-central-1"): 2, ("g6e.24xlarge", "eu-central-1"): 1, ("g6e.48xlarge", "eu-central-1"): 1,
    ("inf1.6xlarge", "ap-northeast-1"): 1, ("inf1.24xlarge", "ap-northeast-1"): 1,
    ("inf2.8xlarge", "ap-northeast-1"): 1, ("inf2.8xlarge", "ap-southeast-1"): 1,
    ("inf2.48xlarge", "ap-northeast-1"): 1, ("inf2.48xlarge", "ap-southeast-1"): 1, ("inf2.48xlarge", "us-east-1"): 1,
    ("inf2.24xlarge", "ap-southeast-1"): 1, ("inf2.24xlarge", "eu-central-1"): 1,
}
assert sum(V9_ZONES_AT_OD.values()) == 27


def add_spot_per_zone(spot, od, instances):
    """Spot per zone from ../shared/reference/spot_prices_extra.csv (SkyPilot v9, one row per zone; Local
    Zones and zones at On-Demand already left out there, and left out here again by the same rules). It is
    the newer snapshot, so it replaces the older median for the pairs it prices; others keep theirs. A
    median not below the catalog's On-Demand price for the pair is not used."""
    zones = defaultdict(list)
    bands = {}
    for r in csv.DictReader(open(f"{REF}/spot_prices_extra.csv", encoding="utf-8")):
        sp, o = num(r["spot_usd_hr"]), num(r["on_demand_usd_hr"])
        if r["instance"] not in instances or sp is None or is_local_zone(r["az"]) or (o is not None and sp >= o):
            continue
        zones[(r["instance"], r["region"])].append(sp)
        b = advisor_band_v9(r["note"])
        if b:
            bands[(r["instance"], r["region"])] = b
    od_at = {(p["instance"], p["region"]): p["usd_hr"] for p in od}
    at = {(x["instance"], x["region"]): i for i, x in enumerate(spot)}
    for key, ps in sorted(zones.items()):
        ps.sort()
        med = round(statistics.median(ps), 5)
        o = od_at.get(key)
        if o is not None and med >= o:
            continue
        entry = {"instance": key[0], "region": key[1], "median_usd_hr": med, "min_usd_hr": ps[0], "max_usd_hr": ps[-1],
                 "n_az": len(ps), "n_az_at_od": V9_ZONES_AT_OD.get(key, 0), "source": "skypilot-vms-v9", "as_of": "2026-06-01"}
        old = spot[at[key]] if key in at else None
        # The older file's band is kept where it has one (vantage 2025-11-30 is newer than the Advisor copy).
        if old is not None and "interruption_band" in old:
            entry["interruption_band"], entry["band_source"] = old["interruption_band"], old["band_source"]
        elif key in bands:
            entry["interruption_band"], entry["band_source"] = bands[key], "spot-advisor-2025"
        if old is not None:
            spot[at[key]] = entry
        else:
            at[key] = len(spot)
            spot.append(entry)


# Known Capacity Block price changes: a rate dated before the newest change is marked older than it.
CB_CHANGES = [
    ("2026-01-01", "cb-2026-rise", "Capacity Block prices rose about 15 % in January 2026 (p5e 34.61 -> 39.80, p5en 36.18 -> 41.61)."),
    ("2026-07-01", "article-003", "New Capacity Block prices from 2026-07-01 (p5 $5.191, p6-b200 $12.355, p6-b300 $14.04 per GPU-hour)."),
]


def capacity_block_changes():
    return [{"from": d, "source": s, "note": n} for d, s, n in CB_CHANGES]


def grid_intensity():
    """Grid carbon intensity per region, g CO2e/kWh, location-based (../shared/reference/carbon_intensity.csv);
    the PUE and market-based rows are not intensities and are left out here."""
    out = []
    for r in csv.DictReader(open(f"{REF}/carbon_intensity.csv", encoding="utf-8")):
        g = num(r["gco2e_per_kwh"])
        if g is None or not r["region"][:2].isalpha() or " " in r["region"]:
            continue
        year = "2020" if "eGRID2020" in r["basis"] else ("2021" if "2021 data year" in r["basis"] else "")
        out.append({"region": r["region"], "gco2e_per_kwh": g, "data_year": year,
                    "basis": r["basis"].replace("location-based annual grid average; ", ""),
                    "source": "ccf-grid", "as_of": r["as_of"]})
    return sorted(out, key=lambda x: x["region"])


def pue():
    """The data-centre PUE the CO2e estimate multiplies accelerator energy by: AWS's reported 2024 global
    figure (CCF assumes 1.135; the higher, reported one is used)."""
    return {"value": 1.15, "source": "aws-pue-2024", "as_of": "2025-07-01",
            "basis": "AWS-reported 2024 global PUE; Cloud Carbon Footprint assumes 1.135"}


def catalog_date(c):
    """The catalog's date: its newest price (the page measures every price's age from it; it takes no clock)."""
    dates = [p["as_of"] for k in ("on_demand", "spot", "reserved", "savings_plan_rates") for p in c[k]]
    return max(dates + [r["as_of"] for r in c["capacity_blocks"]["rates"]])


def clean(x):
    """Integers without a trailing .0, to keep the JSON compact."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


# Managed services (issue 26, item 5): Amazon Bedrock per-token and provisioned-throughput prices for the
# presets AWS sells, SageMaker AI instance rates, ECS Managed Instances fees. Kept apart from the EC2 code.
MANAGED_SOURCES = [
    ("aws-pricing-cache", "AWS Pricing Cache (aws/agent-toolkit-for-aws): Bedrock and SageMaker AI prices from aws.amazon.com",
     "Amazon Web Services (aws/agent-toolkit-for-aws)", "github.com/aws/agent-toolkit-for-aws/blob/02b47245/plugins/aws-startup-advisor/skills/gcp-to-aws/references/shared/pricing-cache.md", "2026-09-03"),
    ("ecs-pricing", "Amazon ECS pricing page (ECS Managed Instances fee, c6a.2xlarge example), as transcribed by API Evangelist",
     "API Evangelist (api-evangelist/amazon-ecs @ 1c14926d)", "aws.amazon.com/ecs/pricing/", "2026-09-20"),
]
# Bedrock's model names (managed_services.csv) for the presets that are the same model; nothing else is matched.
BEDROCK_PRESETS = {
    "Llama 3.1 Instruct (8B)": "llama3.1-8b",
    "Llama 3.1 Instruct (70B)": "llama3.1-70b",
    "Llama 3.1 Instruct (405B)": "llama3.1-405b",
    "Llama 3.1 Instruct (70B) latency-optimized": "llama3.1-70b",
    "Llama 3.1 Instruct (405B) latency-optimized": "llama3.1-405b",
    # The same checkpoints as the presets (Meta's Llama 3.3 70B and Llama 4 Scout/Maverick, DeepSeek-R1,
    # OpenAI's gpt-oss); DeepSeek-V3.1/V3.2 are later checkpoints than the `deepseek-v3` preset (V3.2 with
    # sparse attention), so they are not matched to it.
    "Llama 3.3 Instruct (70B)": "llama3.3-70b",
    "Llama 4 Scout 17B": "llama4-scout",
    "Llama 4 Maverick 17B": "llama4-maverick",
    "DeepSeek-R1": "deepseek-r1",
    "gpt-oss-20b": "gpt-oss-20b",
    "gpt-oss-120b": "gpt-oss-120b",
}
MANAGED_SOURCE_IDS = {"MS1": "aws-pricing-cache", "MS5": "ecs-pricing"}
# Article 001: from July 2026 the ECS Managed Instances fee falls 35 % for G families, 60 % for P and Trainium.
# Article 001's ECS Managed Instances fee cuts by class, each class named by its vCPU quota family's key
# (quota_families: G and VT, P, Trn); rule ecs_fee_cuts_name_quota_families.
ECS_FEE_CUTS = [("g", 35), ("p", 60), ("trn", 60)]


def managed_tier(condition):
    """The tier word of a managed_services.csv condition: on-demand, latency, batch, pt-0, pt-1, pt-6."""
    c = condition.lower()
    if c.startswith("provisioned throughput"):
        return "pt-6" if "6-month" in c else "pt-1" if "1-month" in c else "pt-0"
    if c.startswith("batch"):
        return "batch"
    return "latency" if "latency optimized" in c else "on-demand"


def managed_eol(condition):
    """The end-of-life date a condition states ("EOL Jul 7, 2026"), as ISO, or None."""
    m = re.search(r"EOL (\w{3}) (\d+), (\d{4})", condition)
    months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
    return f"{m.group(3)}-{months.index(m.group(1)) + 1:02d}-{int(m.group(2)):02d}" if m else None


def managed_entry(service, model, offer, region, tier, source, as_of, note, **figures):
    e = {"service": service, "model": model, "offer": offer, "region": region, "tier": tier,
         "in_usd_m": None, "out_usd_m": None, "usd_hr": None, "pct": None, "until": None,
         "source": source, "as_of": as_of, "note": note}
    e.update(figures)
    return e


def bedrock_prices(rows):
    """Per-token (input and output paired) and provisioned-throughput rows for the presets, first-party dated rows only."""
    pairs = {}
    out = []
    for r in rows:
        model = BEDROCK_PRESETS.get(r["model_or_instance"])
        src = MANAGED_SOURCE_IDS.get(r["source_id"])
        if r["service"] != "bedrock" or not model or not src or r["region"] == "not stated":
            continue
        tier, metric = managed_tier(r["condition"]), r["metric"]
        key = (model, r["region"], tier)
        if metric == "usd_hr":
            out.append(managed_entry("bedrock", model, r["model_or_instance"], r["region"], tier, src, r["as_of"],
                                     r["condition"], usd_hr=num(r["value"]), until=managed_eol(r["condition"])))
            continue
        e = pairs.setdefault(key, managed_entry("bedrock", model, r["model_or_instance"], r["region"], tier, src,
                                                r["as_of"], r["condition"], until=managed_eol(r["condition"])))
        e["in_usd_m" if metric == "usd_per_1m_input_tokens" else "out_usd_m"] = num(r["value"])
    out.extend(pairs.values())
    return sorted(out, key=lambda e: (e["model"], e["region"], e["tier"]))


def managed_services():
    """The catalog's `managed` list from managed_services.csv and article 001's ECS fee cut."""
    rows = list(csv.DictReader(open(f"{REF}/managed_services.csv", encoding="utf-8")))
    out = bedrock_prices(rows)
    for r in rows:
        src = MANAGED_SOURCE_IDS.get(r["source_id"])
        if r["service"] == "sagemaker" and src:
            inst, _, usage = r["model_or_instance"].partition(" (")
            out.append(managed_entry("sagemaker", "", inst, r["region"], usage.rstrip(")") or "realtime", src,
                                     r["as_of"], r["condition"], usd_hr=num(r["value"])))
        if r["service"] == "ecs_managed_instances" and src:
            inst = r["model_or_instance"].split(" ")[0]
            out.append(managed_entry("ecs", "", inst, r["region"], "fee", src, r["as_of"], r["condition"],
                                     usd_hr=num(r["value"])))
    for fam, pct in ECS_FEE_CUTS:
        out.append(managed_entry("ecs", fam, fam, "all", "fee-cut", "article-001", "2026-08-12",
                                 "Article 001: from July 2026 the management fee falls 35 % for G-series GPU instances, 60 % for P-series and Trainium",
                                 pct=pct))
    return out


# FP4 (NVFP4/MXFP4) dense tensor peaks, TFLOPS (issue 26, item 4), from accelerators.csv with its sources; only
# Blackwell parts whose sources give one. A chip absent here has no FP4 figure and the planner refuses FP4 on it.
FP4_PEAKS = {
    "b200": (9000, "FP4 dense 9,000 TFLOPS (glennklockwood.com B200, HGX 1000 W; HGX B200 72 PF / 8 GPUs)."),
    "b300": (13000, "FP4 dense ~13,000 TFLOPS (glennklockwood.com B300: 13,125; the lower round figure of accelerators.csv is used)."),
    "rtx-pro-6000": (2000, "FP4 2,000 TFLOPS dense = the headline 4,000 AI TOPS FP4 with sparsity / 2 (topcpu.net)."),
    "rtx-pro-4500": (879, "FP4 dense 879 TFLOPS at workstation clocks (hmc-tech.com)."),
}


def add_fp4_peaks(accelerators):
    """Each accelerator's `fp4_tflops` (null where no source gives one), its remark appended to the note."""
    for a in accelerators:
        peak, remark = FP4_PEAKS.get(a["id"], (None, ""))
        a["fp4_tflops"] = peak
        if remark:
            a["note"] = f"{a['note']} {remark}".strip()


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
            # The catalog's count is a whole number (Instance::count, a u32); a part of a chip is `fraction`.
            assert float(count).is_integer(), f"{iid}: accelerator_count {count} is neither whole nor below 1"
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
        med, lo, hi = regional_spot(r["spot_az_detail"], price, num(r["spot_usd_hr_median"]),
                                    num(r["spot_usd_hr_min"]), num(r["spot_usd_hr_max"]))
        if med is not None and (price is None or med < price):
            entry = {"instance": iid, "region": reg, "median_usd_hr": med, "min_usd_hr": lo,
                     "max_usd_hr": hi, "source": "skypilot-vms", "as_of": "2026-05-22"}
            entry["n_az"], entry["n_az_at_od"] = spot_zones(r["spot_az_detail"], price)
            if reg == "us-east-1" and iid in SPOT_BANDS:
                entry["interruption_band"] = SPOT_BANDS[iid]
                entry["band_source"] = "vantage-ri"
            spot.append(entry)

    check_spot_rule(raw, spot)
    add_regional_extra(od, spot, instances)
    add_spot_per_zone(spot, od, instances)

    # Derived regional prices: only where the family is observed in that region on another size, and
    # regional_prices_extra.csv does not list the family's sizes there completely.
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
            if fam in EXTRA_FAMILIES and reg in EXTRA_REGIONS:
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
    # A P type's Compute SP: the P family's own median. Since AWS's June 2025 cut P types' Convertible RIs sit far under the other GPU
    # types' (3-year no upfront ~27-32 % off against ~46 % over all types, which G types set), and p6-b300's published Compute SP
    # (33.4 % off, 3-year all upfront) agrees with the P family's, not the all-type median. Used for a P type with no RI of its own
    # (src/engine/cost.rs, `Catalog::sp_assumption`).
    p_families = set(quota_families(instances)["p"])
    pdisc = defaultdict(list)
    for x in ri:
        b = base.get(x["instance"])
        if b and x["class"] == "convertible" and instances[x["instance"]]["family"] in p_families:
            pdisc[(x["term_years"], x["payment"])].append(1 - x["effective_usd_hr"] / b)
    for term in (1, 3):
        for p in ("no", "partial", "all"):
            d = min(statistics.median(pdisc[(term, p)]), 0.66)
            sp.append({"plan": "compute", "term_years": term, "payment": p, "discount_pct": round(d * 100, 1),
                       "assumption": True, "source": "gpuplan-assumption", "as_of": "2025-11-30", "family": "p",
                       "basis": f"median implied discount of published us-east-1 convertible RIs ({term}-year, {p} upfront) over "
                                f"{len(pdisc[(term, p)])} P types, for a P type without its own"})

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
    # A Capacity Block rate for a named region is an offer there too (trn1.32xlarge's one block rate is
    # Melbourne's, where no On-Demand or Spot source prices it).
    for c in CB_RATES:
        inst = instances.get(c[0])
        if inst is not None and c[1] != "*" and c[1] not in inst["regions"]:
            inst["regions"].append(c[1])
    for inst in instances.values():
        inst["regions"].sort(key=lambda r: (r not in MAIN_REGIONS, MAIN_REGIONS.index(r) if r in MAIN_REGIONS else 0, r))

    accelerators = []
    for a in ACCELERATORS:
        (aid, name, vendor, stack, arch, mem, bw, bf16, fp16, fp8, int8, fp64, tdp, gfx, src, note) = a
        accelerators.append({"id": aid, "name": name, "vendor": vendor, "stack": stack, "arch": arch,
                             "generation": generation(arch), "mem_gb": mem,
                             "mem_bw_gbs": bw, "bf16_tflops": bf16, "fp16_tflops": fp16, "fp8_tflops": fp8,
                             "int8_tops": int8, "fp64_tflops": fp64, "tdp_w": tdp, "graphics": gfx,
                             "llm_decode": aid not in NO_LLM_DECODE, "llm_decode_source": NO_LLM_DECODE.get(aid, src),
                             "trains": aid not in INFERENCE_ONLY, "trains_source": INFERENCE_ONLY.get(aid, src),
                             "source": src, "as_of": "2025-12-02" if src == "neuron-docs" else "2026-08-01", "note": note})
    add_fp4_peaks(accelerators)
    for a in accelerators:
        a["assumed_peak"] = ASSUMED_PEAKS.get(a["id"])

    catalog = {
        "schema_version": 1,
        "as_of": "2026-07-20",
        "sources": [{"id": s[0], "title": s[1], "publisher": s[2], "where": s[3], "date": s[4], "kind": source_kind(s[0])}
                    for s in SOURCES + MANAGED_SOURCES],
        "accelerators": accelerators,
        "instances": sorted(instances.values(), key=lambda i: (i["family"], i["accel_mem_gib"] * (i["count"] or 0) if i["accel_mem_gib"] else 0, i["vcpus"] or 0)),
        "on_demand": sorted(od, key=lambda p: (p["instance"], p["region"])),
        "spot": sorted(spot, key=lambda p: (p["instance"], p["region"])),
        "reserved": ri,
        "savings_plan_assumptions": sp,
        "savings_plan_rates": savings_plan_rates(instances),
        "capacity_blocks": {
            "families": CB_FAMILIES, "min_days": 1, "max_daily_days": 14, "weekly_step_days": 7, "max_days": 182,
            "max_instances": 64, "max_lead_weeks": 8, "group_rate_regions": CB_GROUP_RATE_REGIONS,
            "source": "aws-cb-docs", "as_of": "2026-06-01",
            "rates": [{"instance": c[0], "region": c[1], "usd_hr": c[2], "as_of": c[3], "source": c[4], "note": c[5]} for c in CB_RATES],
            "changes": capacity_block_changes(),
        },
        "grid_intensity": grid_intensity(),
        "pue": pue(),
        # Where the sources list every size priced: a (family, region) pair here without a price is not
        # offered On-Demand there; elsewhere a missing price was not collected (the type may be sold there).
        "price_coverage": {"families": sorted(EXTRA_FAMILIES), "regions": sorted(EXTRA_REGIONS),
                           "source": "vantage-regional", "as_of": "2026-08-26"},
        "spot_rules": {"notice_minutes": 2, "max_discount_pct": 90, "bands": ["<5", "5-10", "10-15", "15-20", ">20"], "source": "aws-spot-docs", "as_of": "2026-06-01"},
        "price_history": history,
        "links": interconnect_links(instances),
        "article_quotes": [{"source": q[0], "quote": q[1], "instance": q[2], "kind": q[3], "usd": q[4], "status": q[5],
                            "note_en": q[6], "note_zh": q[7]} for q in ARTICLE_QUOTES],
        "managed": managed_services(),
        "quota_families": quota_families(instances),
    }
    catalog["as_of"] = catalog_date(catalog)
    out = json.dumps(catalog, ensure_ascii=False, indent=None, separators=(",", ":"))
    # One entry per line keeps diffs readable without indenting every field.
    out = out.replace("},{", "},\n{").replace(":[{", ":[\n{")
    sys.stdout.write(out + "\n")


if __name__ == "__main__":
    main()
