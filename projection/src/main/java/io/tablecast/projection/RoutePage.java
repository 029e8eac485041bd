package io.tablecast.projection;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A page of a listing, as a {@link ViewRoute} answers one: the service writes {@code {items,
 * continuation}}, the cursor sealed for the listing (its {@link RouteRequest#cursor} opens it again)
 * or {@code null} on the last page.
 *
 * @param listing as the route named it to {@link RouteRequest#cursor}
 * @param cursor where the next page starts, for example a {@link ViewReader.RowPage}'s; empty on the last page
 */
public record RoutePage(String listing, List<?> items, Optional<String> cursor) {

  public RoutePage {
    Objects.requireNonNull(listing, "'listing' cannot be null.");
    items = List.copyOf(items);
    Objects.requireNonNull(cursor, "'cursor' cannot be null.");
  }

  /** The only page of a short listing. */
  public static RoutePage last(List<?> items) {
    return new RoutePage("", items, Optional.empty());
  }
}
