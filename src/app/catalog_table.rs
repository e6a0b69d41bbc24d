//! The catalog as a table: one row per instance type with its us-east-1 On-Demand price.

use crate::catalog::Catalog;
use crate::format;
use leptos::prelude::*;

const REGION: &str = "us-east-1";

/// One row's display strings, computed outside the view.
struct Row {
    id: String,
    accelerator: String,
    count: String,
    mem_gib: String,
    vcpus: String,
    ram_gib: String,
    od_usd_hr: String,
    od_title: String,
}

fn rows(catalog: &Catalog) -> Vec<Row> {
    catalog
        .instances
        .iter()
        .map(|i| {
            let price = catalog.on_demand(&i.id, REGION);
            let od_title = price
                .and_then(|p| catalog.source(&p.source).map(|s| format!("{} ({})", s.title, p.as_of)))
                .unwrap_or_else(|| "No public On-Demand price in this region".into());
            Row {
                id: i.id.clone(),
                accelerator: catalog
                    .accelerator(&i.accelerator)
                    .map_or_else(|| i.accelerator.clone(), |a| a.name.clone()),
                count: i
                    .count
                    .map_or_else(|| "—".into(), |n| format::accel_count(n, i.fraction)),
                mem_gib: format::number(i.accel_mem_gib, 2),
                vcpus: i.vcpus.map_or_else(|| "—".into(), |v| format::number(v, 0)),
                ram_gib: i.ram_gib.map_or_else(|| "—".into(), |v| format::number(v, 1)),
                od_usd_hr: price.map_or_else(|| "—".into(), |p| format::usd(p.usd_hr)),
                od_title,
            }
        })
        .collect()
}

/// Every instance type of the catalog.
#[component]
pub fn CatalogTable(catalog: StoredValue<Catalog>) -> impl IntoView {
    let rows = catalog.with_value(rows);
    view! {
        <section class="catalog">
            <h2>"Catalog"</h2>
            <div class="table-wrap">
                <table>
                    <thead>
                        <tr>
                            <th scope="col">"Instance"</th>
                            <th scope="col">"Accelerator"</th>
                            <th scope="col" class="num">"Count"</th>
                            <th scope="col" class="num">"GiB / accelerator"</th>
                            <th scope="col" class="num">"vCPUs"</th>
                            <th scope="col" class="num">"RAM (GiB)"</th>
                            <th scope="col" class="num">"On-Demand $/h (us-east-1)"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {rows
                            .into_iter()
                            .map(|r| {
                                let id = r.id.clone();
                                view! {
                                    <tr data-testid="catalog-row" data-instance=id>
                                        <th scope="row">{r.id}</th>
                                        <td>{r.accelerator}</td>
                                        <td class="num">{r.count}</td>
                                        <td class="num">{r.mem_gib}</td>
                                        <td class="num">{r.vcpus}</td>
                                        <td class="num">{r.ram_gib}</td>
                                        <td class="num" title=r.od_title>{r.od_usd_hr}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
