import { Badge, Group, Stack, Text } from '@mantine/core';
import { ourDogsCopy, titleName } from '@cedar/content';

const copy = ourDogsCopy.titlePopup;

/** A title abbreviation and its full name; unknown abbreviations are shown as they are. */
export function TitleDetails({ abbreviation }: { abbreviation: string }) {
  return (
    <Stack component="dl" gap="sm" m={0}>
      <div>
        <Text component="dt" size="xs" fw={700} tt="uppercase" c="olive.8">
          {copy.abbreviation}
        </Text>
        <Group component="dd" m={0} mt={4}>
          <Badge size="xl" variant="filled" color="olive.8" radius="sm">
            {abbreviation}
          </Badge>
        </Group>
      </div>
      <div>
        <Text component="dt" size="xs" fw={700} tt="uppercase" c="olive.8">
          {copy.fullName}
        </Text>
        <Text component="dd" m={0} mt={4} fz="xl" fw={700} data-testid="title-full-name">
          {titleName(abbreviation)}
        </Text>
      </div>
    </Stack>
  );
}
