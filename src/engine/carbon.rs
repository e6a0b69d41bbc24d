//! CO2e estimates: accelerator energy × the data-centre PUE × the region's grid intensity (all from the catalog).

use crate::catalog::Catalog;

/// A CO2e estimate and its inputs (for the formula line).
#[derive(Clone, Debug, PartialEq)]
pub struct Co2e {
    pub kg: f64,
    pub energy_kwh: f64,
    pub pue: f64,
    pub gco2e_per_kwh: f64,
    /// The grid figure's source as the page names it (`Catalog::source_title`), its date and the year of
    /// its data ("" where not stated).
    pub grid_source: String,
    pub grid_as_of: crate::catalog::IsoDate,
    pub data_year: String,
}

/// CO2e of `energy_kwh` of accelerator energy in `region`: energy × PUE × grid g/kWh / 1000; `None` where the
/// catalog has no grid figure for the region. A location-based estimate: it ignores renewable-energy matching.
pub fn co2e(catalog: &Catalog, region: &str, energy_kwh: f64) -> Option<Co2e> {
    let g = catalog.grid(region)?;
    let pue = catalog.pue.value;
    Some(Co2e {
        kg: energy_kwh * pue * g.gco2e_per_kwh / 1000.0,
        energy_kwh,
        pue,
        gco2e_per_kwh: g.gco2e_per_kwh,
        grid_source: catalog.source_title(&g.source),
        grid_as_of: g.as_of,
        data_year: g.data_year.clone(),
    })
}

/// The catalog regions with a grid figure, lowest intensity first, among `regions`.
pub fn lowest_carbon<'a>(catalog: &'a Catalog, regions: &[&'a str]) -> Vec<(&'a str, f64)> {
    let with: Vec<(&str, f64)> = regions
        .iter()
        .filter_map(|r| catalog.grid(r).map(|g| (*r, g.gco2e_per_kwh)))
        .collect();
    crate::order::sorted(with, &|a, b| a.1.total_cmp(&b.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn co2e_is_energy_times_pue_times_grid() {
        let c = Catalog::bundled();
        // carbon_intensity.csv: us-east-1 379.069 g/kWh (CCF, eGRID2020 SERC); PUE 1.15 (AWS 2024).
        let e = co2e(&c, "us-east-1", 1000.0).map(|e| e.kg);
        assert!(
            e.is_some_and(|kg| (kg - 1000.0 * 1.15 * 379.069 / 1000.0).abs() < 1e-9),
            "{e:?}"
        );
        // Twice the energy, twice the CO2e; eu-north-1 (8.8 g/kWh) far below.
        let a = co2e(&c, "eu-west-1", 10.0).map_or(0.0, |e| e.kg);
        let b = co2e(&c, "eu-west-1", 20.0).map_or(0.0, |e| e.kg);
        assert!((b - 2.0 * a).abs() < 1e-12);
        assert_eq!(
            lowest_carbon(&c, &["us-east-1", "eu-north-1", "ap-south-1"])
                .first()
                .map(|x| x.0),
            Some("eu-north-1")
        );
        assert!(co2e(&c, "mars-1", 1.0).is_none());
    }
}
