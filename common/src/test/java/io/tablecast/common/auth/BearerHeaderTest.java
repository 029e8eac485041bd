package io.tablecast.common.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class BearerHeaderTest {

  @Test
  void noHeaderIsMissingNotMalformed() {
    assertThat(BearerHeader.parse(Optional.empty())).isEqualTo(new BearerHeader.Missing());
  }

  @Test
  void aBearerTokenIsReadWhateverTheSchemesCase() {
    assertThat(BearerHeader.parse(Optional.of("Bearer eyJ.eyJ.sig"))).isEqualTo(new BearerHeader.Token("eyJ.eyJ.sig"));
    assertThat(BearerHeader.parse(Optional.of("bearer   abc-_~+/=="))).isEqualTo(new BearerHeader.Token("abc-_~+/=="));
  }

  @Test
  void anotherSchemeIsMalformed() {
    assertThat(BearerHeader.parse(Optional.of("Basic dGVzdDp0ZXN0"))).isInstanceOf(BearerHeader.Malformed.class);
    assertThat(BearerHeader.parse(Optional.of("Bearerabc"))).isInstanceOf(BearerHeader.Malformed.class);
  }

  @Test
  void aBearerSchemeWithoutATokenIsMalformed() {
    assertThat(BearerHeader.parse(Optional.of("Bearer"))).isInstanceOf(BearerHeader.Malformed.class);
    assertThat(BearerHeader.parse(Optional.of("Bearer    "))).isInstanceOf(BearerHeader.Malformed.class);
  }

  @Test
  void aTokenWithSpacesQuotesOrPaddingInsideIsMalformed() {
    assertThat(BearerHeader.parse(Optional.of("Bearer abc def"))).isInstanceOf(BearerHeader.Malformed.class);
    assertThat(BearerHeader.parse(Optional.of("Bearer \"abc\""))).isInstanceOf(BearerHeader.Malformed.class);
    assertThat(BearerHeader.parse(Optional.of("Bearer ab=c"))).isInstanceOf(BearerHeader.Malformed.class);
  }
}
