package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.auth.TokenRejectedException;
import io.tablecast.common.auth.TokenVerifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Who a verified token names: Entra ID's object id in its tenant when it has them, else its subject; never the anonymous caller. */
class CallerSubjectTest {

  private static final String OID = "9f0c1b7e-5d2a-4a44-8c11-2f6b0d3e7a90";
  private static final String TID = "72f988bf-86f1-41af-91ab-2d7cd011db47";

  private final TestIssuer issuer = TestIssuer.start();
  private final TokenVerifier verifier = TokenVerifier.of(issuer.settings());

  @AfterEach
  void stop() {
    issuer.close();
  }

  @Test
  void anEntraIdTokenNamesItsObjectIdInItsTenantAndAnyOtherTokenItsSubject() throws Exception {
    assertThat(verifier.verify(issuer.token(claims -> claims.subject("pairwise-x").claim("oid", OID).claim("tid", TID))).subject())
        .isEqualTo(OID + "@" + TID);
    assertThat(verifier.verify(issuer.token(claims -> claims.subject("pairwise-x").claim("oid", OID))).subject()).isEqualTo(OID);
    assertThat(verifier.verify(issuer.token(claims -> claims.subject("user-7"))).subject()).isEqualTo("user-7");
  }

  @Test
  void aTokenWhoseSubjectIsTheAnonymousCallersIsRejected() {
    assertThatThrownBy(() -> verifier.verify(issuer.token(claims -> claims.subject("anonymous"))))
        .isInstanceOf(TokenRejectedException.class).hasMessageContaining("names requests without authentication");
  }
}
