package io.tablecast.schemas;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;

/**
 * Reads released schema files from the classpath, as listed by the {@code index.txt} of their root
 * folder (a jar cannot be listed). The events' root is {@value #ROOT}; another family of records
 * (the command side's internal ones) keeps its own root, with the same layout: {@code
 * <root>index.txt} and {@code <root>v<N>/<Record>.avsc}. Any problem is a packaging defect,
 * reported as {@link IllegalStateException}.
 */
public final class ReleasedSchemaFiles {

  /** The classpath folder of the released event schemas. */
  static final String ROOT = "released/";
  static final String INDEX_FILE = "index.txt";

  private static final Pattern PATH = Pattern.compile("v([1-9][0-9]{0,8})/([A-Za-z_][A-Za-z0-9_]*)\\.avsc");

  private ReleasedSchemaFiles() {}

  /** The released event schemas, oldest version first. */
  static List<ReleasedSchema> load(ClassLoader loader) {
    return load(loader, ROOT);
  }

  /**
   * The released schemas below {@code root}, oldest version first.
   *
   * @param root a classpath folder ending in {@code /}, such as {@code released/}
   * @throws IllegalStateException if the index or a file it lists is missing, unparseable or
   *     misnamed
   */
  public static List<ReleasedSchema> load(ClassLoader loader, String root) {
    List<ReleasedSchema> released = new ArrayList<>();
    for (String path : indexedPaths(loader, root)) {
      released.add(parse(loader, root, path));
    }
    released.sort(Comparator.comparingInt(ReleasedSchema::version).thenComparing(ReleasedSchema::path));
    return List.copyOf(released);
  }

  /** The paths that the events' {@code index.txt} lists. */
  static List<String> indexedPaths(ClassLoader loader) {
    return indexedPaths(loader, ROOT);
  }

  /**
   * The paths that {@code <root>index.txt} lists, relative to {@code root}, without blank lines
   * and {@code #} comments.
   */
  public static List<String> indexedPaths(ClassLoader loader, String root) {
    Objects.requireNonNull(loader, "'loader' cannot be null.");
    requireFolder(root);
    String index = root + INDEX_FILE;
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(open(loader, index), StandardCharsets.UTF_8))) {
      return reader.lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + index, e);
    }
  }

  private static ReleasedSchema parse(ClassLoader loader, String root, String path) {
    Matcher matcher = PATH.matcher(path);
    if (!matcher.matches()) {
      throw new IllegalStateException(root + INDEX_FILE + " lists '" + path + "', which is not v<N>/<Record>.avsc");
    }
    Schema schema;
    try (InputStream in = open(loader, root + path)) {
      schema = new Schema.Parser().parse(in);
    } catch (IOException | SchemaParseException e) {
      throw new IllegalStateException("Cannot parse released schema " + root + path, e);
    }
    if (!schema.getName().equals(matcher.group(2))) {
      throw new IllegalStateException(
          "Released schema " + root + path + " defines record " + schema.getName() + ", not " + matcher.group(2));
    }
    return new ReleasedSchema(path, Integer.parseInt(matcher.group(1)), schema);
  }

  private static void requireFolder(String root) {
    Objects.requireNonNull(root, "'root' cannot be null.");
    if (root.isEmpty() || !root.endsWith("/") || root.startsWith("/")) {
      throw new IllegalArgumentException("'root' must be a relative classpath folder ending in '/', was '" + root + "'");
    }
  }

  private static InputStream open(ClassLoader loader, String resource) {
    InputStream in = loader.getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("Missing classpath resource " + resource);
    }
    return in;
  }
}
