package io.tablecast.common.tables;

import io.tablecast.common.config.Namespace;

/** The internal tables that carry no generation suffix (SPEC §3, §9 ViewCatalog). */
public record CatalogTables(Namespace namespace) {

  public String viewCatalog() {
    return namespace.table("ViewCatalog");
  }

  public String projectorCheckpoints() {
    return namespace.table("ProjectorCheckpoints");
  }

  /** The projectors' and workers' telemetry rows, for the status page ({@link TelemetryLayout}). */
  public String telemetry() {
    return namespace.table("Telemetry");
  }
}
