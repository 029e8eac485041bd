package io.tablecast.testkit;

import io.tablecast.embedded.Azurite;
import io.tablecast.embedded.FreePorts;
import io.tablecast.embedded.SelfSignedKeystore;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension: an Azurite that takes Microsoft Entra ID bearer tokens (HTTPS, {@code --oauth
 * basic}, a self-signed certificate made for the run) and a {@link TestManagedIdentity} whose
 * tokens it accepts, injected as {@link EntraIdStorage}.
 *
 * <pre>{@code
 * @ExtendWith({EntraIdAzurite.class, ChildJvms.class})
 * class EntraIdStorageIT {
 *   @Test
 *   void projects(EntraIdStorage storage, ChildJvms.Launcher jvms) {
 *     jvms.start(out, storage.jvmOptions(), storage.serviceEnv(), ProjectorMain.class);
 *   }
 * }
 * }</pre>
 *
 * <p>One per test JVM, started by the first test that asks for it and stopped when the run ends
 * (it lives in the root store), in memory, with its keystore and log under {@code
 * target/entra-id-azurite-<random>}, deleted then. Apart from the shared runtime's Azurite, which
 * speaks plain HTTP.
 */
public final class EntraIdAzurite implements ParameterResolver {

  private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(EntraIdAzurite.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == EntraIdStorage.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getRoot().getStore(STORE).getOrComputeIfAbsent(Running.class, key -> Running.start(), Running.class).storage();
  }

  /** The running pieces, closed by JUnit at the end of the run: identity, Azurite, then the directory. */
  record Running(EntraIdStorage storage, Path dir) implements AutoCloseable {

    static Running start() {
      Path dir = Path.of("target", "entra-id-azurite-" + TablecastRuntimeExtension.freshNamespace().prefix().substring(1))
          .toAbsolutePath();
      Azurite.OAuth oauth = new Azurite.OAuth(SelfSignedKeystore.create(dir));
      int[] ports = FreePorts.pick(3);
      Azurite azurite = Azurite.startWithOAuth(dir.resolve("azurite"), ports[0], ports[1], ports[2], oauth);
      return new Running(new EntraIdStorage(azurite, oauth, TestManagedIdentity.start()), dir);
    }

    @Override
    public void close() {
      try {
        storage.identity().close();
        storage.azurite().close();
      } finally {
        TablecastRuntimeExtension.deleteRecursively(dir);
      }
    }
  }

  /** Tablecast's other storage credentials: empty is unset for its configuration. */
  static final List<String> OTHER_CREDENTIALS = List.of("TABLECAST_STORAGE_CONNECTION_STRING", "TABLECAST_STORAGE_SAS",
      "TABLECAST_STORAGE_SAS_FILE");
  /**
   * The variables of azure-identity's other credentials and managed identity sources, removed from
   * what a child inherits: azure-identity takes an empty one for set.
   */
  static final List<String> OTHER_IDENTITIES = List.of("AZURE_CLIENT_ID", "AZURE_CLIENT_SECRET", "AZURE_TENANT_ID",
      "AZURE_FEDERATED_TOKEN_FILE", "AZURE_CLIENT_CERTIFICATE_PATH", "AZURE_USERNAME", "AZURE_PASSWORD", "MSI_ENDPOINT",
      "MSI_SECRET", "IMDS_ENDPOINT", "IDENTITY_SERVER_THUMBPRINT");

  /**
   * A service's storage environment for {@link ChildJvm}: the endpoints, {@code entra-id}, the
   * identity's variables, and no other credential (a {@code null} value removes a variable).
   */
  static Map<String, String> serviceEnv(Azurite azurite, TestManagedIdentity identity) {
    Map<String, String> env = new HashMap<>();
    OTHER_CREDENTIALS.forEach(name -> env.put(name, ""));
    OTHER_IDENTITIES.forEach(name -> env.put(name, null)); // removed by ChildJvm
    env.put("TABLECAST_TABLE_ENDPOINT", azurite.tableEndpoint());
    env.put("TABLECAST_QUEUE_ENDPOINT", azurite.queueEndpoint());
    env.put("TABLECAST_STORAGE_AUTH", "entra-id");
    env.putAll(identity.env());
    return env;
  }
}
