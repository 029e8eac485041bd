package io.tablecast.common.concurrent;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;

/** Runs one task per element on a pool and waits for all; the first failure is rethrown as it was. */
public final class Parallel {

  private Parallel() {}

  public static <T> void each(ExecutorService pool, Collection<T> elements, Consumer<T> task) {
    map(pool, elements, e -> {
      task.accept(e);
      return null;
    });
  }

  /** The task's results, in the order of the elements. */
  public static <T, R> List<R> map(ExecutorService pool, Collection<T> elements, Function<T, R> task) {
    if (elements.size() == 1) {
      return Collections.singletonList(task.apply(elements.iterator().next())); // no hand-off
    }
    List<CompletableFuture<R>> running = new ArrayList<>();
    elements.forEach(e -> running.add(CompletableFuture.supplyAsync(() -> task.apply(e), pool)));
    try {
      CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
    return running.stream().map(CompletableFuture::join).toList();
  }
}
