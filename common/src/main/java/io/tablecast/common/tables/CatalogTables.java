package io.tablecast.common.tables;

import io.tablecast.common.config.Namespace;

/** The two internal tables that carry no generation suffix (SPEC §9 ViewCatalog). */
public record CatalogTables(Namespace namespace) {

  public String viewCatalog() {
    return namespace.table("ViewCatalog");
  }

  public String projectorCheckpoints() {
    return namespace.table("ProjectorCheckpoints");
  }
}
