package io.tablecast.views.domain;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One page of a listing, and where the next one starts: the store's own cursor, opaque here and
 * sealed before it reaches a client.
 */
public record Page<T>(List<T> items, Optional<String> next) {

  public Page {
    items = List.copyOf(items);
  }

  public static <T> Page<T> last(List<T> items) {
    return new Page<>(items, Optional.empty());
  }

  public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
    return new Page<>(items.stream().<R>map(mapper).toList(), next);
  }
}
