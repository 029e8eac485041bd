package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.ViewSetProvider;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ViewSetJarsTest {

  /** Found only through the jar written by the test, which names it as a provider. */
  public static final class JarredViews implements ViewSetProvider {
    private record Table(String baseName) implements ViewSet.Table {}

    @Override
    public ProjectedViewSet<?> projectedViewSet() {
      ViewSet viewSet = ViewSet.of("jarred", List.of(new Table("Jarred")), List.of());
      return new ProjectedViewSet<String>(viewSet, List.of("jarred.events"), (topic, value) -> new String(value, StandardCharsets.UTF_8),
          List.of(Projection.of("jarred", viewSet, Optional::of, event -> Set.of(), (rows, event) -> List.of())));
    }
  }

  @Test
  void theJarsOfTheDirectoryBringTheirViewSetsBesideTheClassPath(@TempDir Path dir) throws Exception {
    try (OutputStream file = Files.newOutputStream(dir.resolve("jarred.jar")); JarOutputStream jar = new JarOutputStream(file)) {
      jar.putNextEntry(new JarEntry("META-INF/services/" + ViewSetProvider.class.getName()));
      jar.write(JarredViews.class.getName().getBytes(StandardCharsets.UTF_8));
      jar.closeEntry();
    }
    Files.writeString(dir.resolve("notes.txt"), "not a jar");

    ViewSetJars jars = ViewSetJars.fromEnv(Env.of(Map.of("TABLECAST_VIEW_SETS_DIR", dir.toString())));

    assertThat(ViewSetProvider.found(jars.loader())).extracting(views -> views.viewSet().name()).containsExactly("jarred");
    assertThat(ViewSetProvider.found(ViewSetJars.NONE.loader())).as("the class path alone").isEmpty();
    assertThat(ViewSetProvider.named("jarred", jars.loader()).topics()).containsExactly("jarred.events");
    assertThatThrownBy(() -> ViewSetProvider.named("orders", jars.loader())).hasMessageContaining("No view set 'orders'")
        .hasMessageContaining("[jarred]");
  }

  @Test
  void aDirectoryThatIsNotThereIsRefusedWithTheSetting(@TempDir Path dir) {
    assertThatThrownBy(() -> ViewSetJars.fromEnv(Env.of(Map.of("TABLECAST_VIEW_SETS_DIR", dir.resolve("missing").toString()))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_VIEW_SETS_DIR must be a directory of jars");
    assertThat(ViewSetJars.fromEnv(Env.of(Map.of()))).isEqualTo(ViewSetJars.NONE);
  }
}
