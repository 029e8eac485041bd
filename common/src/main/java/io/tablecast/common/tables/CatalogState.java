package io.tablecast.common.tables;

import java.util.OptionalInt;

/**
 * What {@code ViewCatalog} says about the HR view set: the generation that serves reads, and the
 * one being rebuilt, if any.
 */
public record CatalogState(int activeGeneration, OptionalInt pendingGeneration) {

  /** The state before anything was written: generation 1, nothing pending. */
  public static final CatalogState INITIAL = new CatalogState(1, OptionalInt.empty());
}
