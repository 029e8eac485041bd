package io.tablecast.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ViewSetReadsTest {

  private record Table(String baseName) implements ViewSet.Table {}

  static final ViewRoute ORDER = ViewRoute.get("/orders/{id}", (request, views) -> Optional.empty());

  /** Reads of a view set whose rows another process keeps, as a service class names them. */
  abstract static class Reads implements ViewSetReads {
    private final ViewSet viewSet;
    private final boolean atRoot;

    Reads(String name, boolean atRoot) {
      this.viewSet = ViewSet.of(name, List.of(new Table("Orders")), List.of());
      this.atRoot = atRoot;
    }

    @Override
    public ViewSet viewSet() {
      return viewSet;
    }

    @Override
    public List<String> topics() {
      return List.of(viewSet.name() + ".events");
    }

    @Override
    public List<ViewRoute> routes() {
      return List.of(ORDER);
    }

    @Override
    public boolean atRoot() {
      return atRoot;
    }
  }

  public static final class ShopAtRoot extends Reads {
    public ShopAtRoot() {
      super("shop", true);
    }
  }

  public static final class StoreAtRoot extends Reads {
    public StoreAtRoot() {
      super("store", true);
    }
  }

  public static final class AnotherLedger extends Reads {
    public AnotherLedger() {
      super("ledger", false);
    }
  }

  /** A team's view set, kept by the engine's projector. */
  public static final class LedgerProvider implements ViewSetProvider {
    @Override
    public ProjectedViewSet<Ledger.Entry> projectedViewSet() {
      return new ProjectedViewSet<>(Ledger.VIEW_SET, List.of("ledger.entries"), (topic, value) -> {
        throw new IllegalArgumentException("not read here");
      }, List.of(Ledger.BALANCE));
    }
  }

  @Test
  void theReadsOfEveryProviderAndOfEveryViewSetNamedAsAServiceAreServed_aProvidersUnderItsName(@TempDir Path jar) throws IOException {
    List<ViewSetReads> served = ViewSetReads.served(loader(jar, LedgerProvider.class, ShopAtRoot.class));

    assertThat(served).extracting(reads -> reads.viewSet().name()).containsExactly("ledger", "shop");
    ViewSetReads ledger = served.get(0);
    assertThat(List.of(ledger.topics(), ledger.routes(), ledger.aggregates())).containsExactly(List.of("ledger.entries"), List.of(),
        List.of());
    assertThat(ledger.atRoot()).isFalse();
    assertThat(ledger.openApi()).isEmpty();
    assertThat(served.get(1).routes()).containsExactly(ORDER);
    assertThat(served.get(1).atRoot()).isTrue();
  }

  @Test
  void twoViewSetsOfOneNameAreRefused(@TempDir Path jar) throws IOException {
    assertThatThrownBy(() -> ViewSetReads.served(loader(jar, LedgerProvider.class, AnotherLedger.class)))
        .hasMessage("Two view sets named 'ledger' are on the class path.");
  }

  @Test
  void twoViewSetsAtTheRootAreRefused(@TempDir Path jar) throws IOException {
    assertThatThrownBy(() -> ViewSetReads.served(loader(jar, LedgerProvider.class, ShopAtRoot.class, StoreAtRoot.class)))
        .hasMessage("View sets [shop, store] are all mounted at the root; one at most can be.");
  }

  /** A class loader whose class path adds a directory naming {@code provider} and each of {@code reads} as services. */
  @SafeVarargs
  private static ClassLoader loader(Path jar, Class<? extends ViewSetProvider> provider, Class<? extends ViewSetReads>... reads)
      throws IOException {
    Path services = Files.createDirectories(jar.resolve("META-INF/services"));
    Files.writeString(services.resolve(ViewSetProvider.class.getName()), provider.getName() + "\n");
    Files.writeString(services.resolve(ViewSetReads.class.getName()),
        Stream.of(reads).map(Class::getName).collect(Collectors.joining("\n", "", "\n")));
    return new URLClassLoader(new URL[] {jar.toUri().toURL()}, ViewSetReadsTest.class.getClassLoader());
  }

  @Test
  void aDocumentThatIsNotInTheJarIsRefusedNamingItsPath_andOneThatIsIsFound() {
    assertThatThrownBy(() -> ViewSetReads.resource(ViewSetReadsTest.class, "openapi/ledger.json"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("No resource 'openapi/ledger.json' beside io.tablecast.projection.ViewSetReadsTest (a path from the jar's root"
            + " starts with '/')");
    assertThat(ViewSetReads.resource(ViewSetReadsTest.class, "/" + ViewSetReadsTest.class.getName().replace('.', '/') + ".class"))
        .hasValueSatisfying(url -> assertThat(url.getPath()).endsWith("ViewSetReadsTest.class"));
  }
}
