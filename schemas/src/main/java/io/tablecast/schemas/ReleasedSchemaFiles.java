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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;

/**
 * Reads the released schema files from the classpath, as listed by {@code released/index.txt}
 * (a jar cannot be listed). Any problem is a packaging defect, reported as {@link
 * IllegalStateException}.
 */
final class ReleasedSchemaFiles {

  static final String ROOT = "released/";
  static final String INDEX = ROOT + "index.txt";

  private static final Pattern PATH = Pattern.compile("v([1-9][0-9]{0,8})/([A-Za-z_][A-Za-z0-9_]*)\\.avsc");

  private ReleasedSchemaFiles() {}

  /** The released schemas, oldest version first. */
  static List<ReleasedSchema> load(ClassLoader loader) {
    List<ReleasedSchema> released = new ArrayList<>();
    for (String path : indexedPaths(loader)) {
      released.add(parse(loader, path));
    }
    released.sort(Comparator.comparingInt(ReleasedSchema::version).thenComparing(ReleasedSchema::path));
    return List.copyOf(released);
  }

  /** The paths that {@code index.txt} lists, without blank lines and {@code #} comments. */
  static List<String> indexedPaths(ClassLoader loader) {
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(open(loader, INDEX), StandardCharsets.UTF_8))) {
      return reader.lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + INDEX, e);
    }
  }

  private static ReleasedSchema parse(ClassLoader loader, String path) {
    Matcher matcher = PATH.matcher(path);
    if (!matcher.matches()) {
      throw new IllegalStateException(INDEX + " lists '" + path + "', which is not v<N>/<Record>.avsc");
    }
    Schema schema;
    try (InputStream in = open(loader, ROOT + path)) {
      schema = new Schema.Parser().parse(in);
    } catch (IOException | SchemaParseException e) {
      throw new IllegalStateException("Cannot parse released schema " + path, e);
    }
    if (!schema.getName().equals(matcher.group(2))) {
      throw new IllegalStateException(
          "Released schema " + path + " defines record " + schema.getName() + ", not " + matcher.group(2));
    }
    return new ReleasedSchema(path, Integer.parseInt(matcher.group(1)), schema);
  }

  private static InputStream open(ClassLoader loader, String resource) {
    InputStream in = loader.getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("Missing classpath resource " + resource);
    }
    return in;
  }
}
