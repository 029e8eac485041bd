package io.tablecast.common.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code TABLECAST_VIEW_SETS_DIR}: a directory of jars that bring view sets of a team's own
 * ({@code io.tablecast.projection.ViewSetProvider}), with whatever they need that the service does
 * not have, for an image that is not rebuilt for them. Absent: the class path alone.
 */
public record ViewSetJars(Optional<Path> directory) {

  public static final ViewSetJars NONE = new ViewSetJars(Optional.empty());

  public static ViewSetJars fromEnv(Env env) {
    Optional<Path> directory = env.optional("TABLECAST_VIEW_SETS_DIR").map(Path::of);
    directory.filter(dir -> !Files.isDirectory(dir)).ifPresent(dir -> {
      throw new ConfigException("TABLECAST_VIEW_SETS_DIR must be a directory of jars, was '" + dir + "'");
    });
    return new ViewSetJars(directory);
  }

  /** Where to look for view sets: the class path, and the directory's jars when there is one. */
  public ClassLoader loader() {
    ClassLoader parent = ViewSetJars.class.getClassLoader();
    if (directory.isEmpty()) {
      return parent;
    }
    try (Stream<Path> files = Files.list(directory.get())) {
      List<Path> jars = files.filter(file -> file.getFileName().toString().endsWith(".jar")).sorted().toList();
      URL[] urls = new URL[jars.size()];
      for (int i = 0; i < urls.length; i++) {
        urls[i] = jars.get(i).toUri().toURL();
      }
      return new URLClassLoader("view-sets", urls, parent);
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list TABLECAST_VIEW_SETS_DIR " + directory.get(), e);
    }
  }
}
