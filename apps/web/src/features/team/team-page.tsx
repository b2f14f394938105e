import { Box, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { team, teamCopy, type TeamMember } from '@cedar/content';
import { PageHero } from '../../components/layout/page-hero';
import { FacilitiesSection } from '../../sections/facilities-section';
import classes from './team-page.module.css';
import { SiteImage } from '../../components/site-image';
import { pageData, pageMeta } from '../../lib/page-data';
import type { Route } from './+types/team-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

function MemberCard({ member, first }: { member: TeamMember; first: boolean }) {
  return (
    <article className={classes.card}>
      <div className={classes.photo}>
        <SiteImage
          src={member.image}
          alt={`${member.name}, ${member.role}`}
          cover
          sizes="(min-width: 75em) 230px, (min-width: 48em) 19vw, (min-width: 36em) 38vw, 100vw"
          // The page's hero is words only: the first photo is its largest paint on a phone.
          priority={first}
        />
      </div>
      <div className={classes.body}>
        <Title order={2} fz="h4">
          {member.name}
        </Title>
        <Text c="olive.8" fw={700} fz="sm" mt={4}>
          {member.role}
        </Text>
        <Text mt="sm" c="gray.8" fz="sm" lh={1.65}>
          {member.description}
        </Text>
        {member.highlight && (
          <Text mt="sm" fz="sm" fw={600} fs="italic" c="gray.9" className={classes.highlight}>
            {member.highlight}
          </Text>
        )}
      </div>
    </article>
  );
}

/** The page: nothing but text, photos and links. */
export default function TeamPage() {
  return (
    <>
      <PageHero copy={teamCopy} />
      <Box component="section" aria-label={teamCopy.membersLabel} py={{ base: 48, md: 80 }}>
        <Container size="lg">
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2 }}
            spacing="lg"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {team.map((member, index) => (
              <li key={member.name}>
                <MemberCard member={member} first={index === 0} />
              </li>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
      <FacilitiesSection />
    </>
  );
}
