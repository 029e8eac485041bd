package io.tablecast.operations.application.audit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/** The k-way merge of sorted line files: one open reader and one line per file in memory. */
final class LineMerge implements Iterator<String>, AutoCloseable {

  private record Head(String line, BufferedReader reader) {}

  private final PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.comparing(Head::line));
  private final List<BufferedReader> readers = new ArrayList<>();

  private LineMerge() {}

  static LineMerge of(List<Path> files, Path dir) {
    LineMerge merge = new LineMerge();
    try {
      for (Path file : files) {
        BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        merge.readers.add(reader);
        merge.advance(reader);
      }
    } catch (IOException e) {
      merge.close();
      throw new UncheckedIOException("Cannot read sorted lines in " + dir, e);
    }
    return merge;
  }

  @Override
  public boolean hasNext() {
    return !heads.isEmpty();
  }

  @Override
  public String next() {
    Head head = heads.poll();
    if (head == null) {
      throw new NoSuchElementException();
    }
    advance(head.reader());
    return head.line();
  }

  private void advance(BufferedReader reader) {
    try {
      String line = reader.readLine();
      if (line != null) {
        heads.add(new Head(line, reader));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read a sorted run", e);
    }
  }

  @Override
  public void close() {
    for (BufferedReader reader : readers) {
      try {
        reader.close();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot close a sorted run", e);
      }
    }
    readers.clear();
    heads.clear();
  }
}
