package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarketDataPipelineTest {
    @Test
    void pipeline_sinkMatchesAdHocAndChartIsAPng(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        try (ExampleTarget target = ExampleTarget.open()) {
            // 60,000 ticks at 10 ms apart span 10 minutes of 20 symbols
            MarketDataPipeline.Result result = MarketDataPipeline.run(target.url(), 60_000, dir.resolve("chart.png"));
            assertThat(result.readRows()).isEqualTo(60_000);
            assertThat(result.bars()).isEqualTo(10 * TickFeed.SYMBOLS.length);
            BufferedImage png = ImageIO.read(result.chart().toFile());
            assertThat(png.getWidth()).isEqualTo(1000);
            assertThat(png.getHeight()).isEqualTo(560);
            // rerunnable on the same server: the pipeline drops and recreates its flow and tables
            assertThat(MarketDataPipeline.run(target.url(), 20_000, dir.resolve("again.png"))
                            .bars())
                    .isEqualTo(4 * TickFeed.SYMBOLS.length);
        }
    }
}
