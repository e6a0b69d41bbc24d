//! The catalog's interconnect entries (issue 13): every multi-accelerator type has one, figures are sourced,
//! and the headline figures are the ones the sources give.

use gpuplan::catalog::{Catalog, Interconnect};

fn catalog() -> Catalog {
    Catalog::parse(gpuplan::catalog::BUNDLED_JSON).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_instance_type_has_one_link_entry() {
    let c = catalog();
    for i in &c.instances {
        assert!(c.link(&i.id).is_some(), "{} has no links entry", i.id);
    }
    assert_eq!(c.links.len(), c.instances.len());
}

#[test]
fn headline_figures_follow_the_sources() {
    let c = catalog();
    let l = |id: &str| c.link(id).unwrap_or_else(|| panic!("{id}"));
    // NVLink totals are two-way per GPU (900 GB/s on H100): one direction is half.
    assert_eq!(
        (l("p5.48xlarge").kind, l("p5.48xlarge").link_gbs),
        (Interconnect::Nvswitch, Some(450.0))
    );
    // NVSwitch where a source states it (P4d: the EC2 guide; P5/P6: NVIDIA's HGX baseboards), the mesh on P3.
    for id in [
        "p4d.24xlarge",
        "p4de.24xlarge",
        "p5e.48xlarge",
        "p5en.48xlarge",
        "p6-b200.48xlarge",
        "p6-b300.48xlarge",
    ] {
        assert_eq!(l(id).kind, Interconnect::Nvswitch, "{id}");
    }
    assert_eq!(l("p3.16xlarge").kind, Interconnect::Nvlink);
    assert_eq!(l("g5.12xlarge").kind, Interconnect::Pcie);
    assert_eq!(l("p4d.24xlarge").link_gbs, Some(300.0));
    assert_eq!(l("p6-b200.48xlarge").link_gbs, Some(900.0));
    // G types: PCIe only.
    assert_eq!(
        (l("g6e.48xlarge").kind, l("g6e.48xlarge").link_gbs),
        (Interconnect::Pcie, Some(32.0))
    );
    assert_eq!(l("g6.12xlarge").domain, 4);
    // Network per accelerator is derived from the instance's bandwidth.
    assert_eq!(l("p5.48xlarge").net_gbps_per_accel, Some(400.0));
    assert_eq!(l("g6e.48xlarge").net_gbps_per_accel, Some(50.0));
    assert_eq!(l("trn1.32xlarge").net_gbps_per_accel, Some(50.0));
    // GPUDirect RDMA: P-series from p4d yes, G6e no.
    assert_eq!(l("p4d.24xlarge").gdr, Some(true));
    assert_eq!(l("g6e.48xlarge").gdr, Some(false));
    // UltraServer domains where a source gives them.
    assert_eq!(l("u-p6e-gb200x72").domain, 72);
    assert_eq!(l("trn2-ultraserver").domain, 64);
    // No source gives Gaudi's chip-to-chip figure: None, not a guess.
    assert_eq!(l("dl1.24xlarge").link_gbs, None);
}

#[test]
fn a_link_for_an_unknown_instance_is_refused() {
    let json = gpuplan::catalog::BUNDLED_JSON.replacen(
        "{\"instance\":\"p5.48xlarge\",\"kind\"",
        "{\"instance\":\"p9.48xlarge\",\"kind\"",
        1,
    );
    let err = Catalog::parse(&json).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        err.contains("links (p9.48xlarge)") && err.contains("unknown instance"),
        "{err}"
    );
}
