package io.tablecast.common.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PermissionsTest {

  @Test
  void scpIsSpaceSeparatedAsEntraIdWritesIt() {
    assertThat(Permissions.granted("commands.write  views.read", null, null)).containsExactlyInAnyOrder("commands.write", "views.read");
  }

  @Test
  void scopeAndRolesGrantAsScpDoesAndTheyAddUp() {
    assertThat(Permissions.granted(null, "openid views.read", List.of("commands.write")))
        .containsExactlyInAnyOrder("openid", "views.read", "commands.write");
  }

  @Test
  void anArrayOfScopesIsReadAsSomeIssuersWriteIt() {
    assertThat(Permissions.granted(List.of("views.read", "profile"), null, null)).containsExactlyInAnyOrder("views.read", "profile");
  }

  @Test
  void absentClaimsAndClaimsOfAnotherTypeGrantNothing() {
    assertThat(Permissions.granted(null, null, null)).isEmpty();
    assertThat(Permissions.granted(42, true, List.of(7, List.of("commands.write")))).isEmpty();
    assertThat(Permissions.granted("   ", "", List.of())).isEmpty();
  }

  @Test
  void aPermissionIsMatchedWholeAndCaseSensitively() {
    VerifiedToken token = new VerifiedToken("sub", Optional.empty(), Permissions.granted("commands.write.all Views.read", null, null));

    assertThat(token.grants("commands.write")).isFalse();
    assertThat(token.grants("views.read")).isFalse();
  }
}
